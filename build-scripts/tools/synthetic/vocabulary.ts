/**
 * The words synthetic records are written in: function words, then a few
 * thousand content words of school subjects (nouns with their plurals, verbs
 * with their -s/-ed/-ing forms, adjectives), ranked so a Zipf draw gives text
 * the term distribution of real prose: a few words everywhere, most rarely.
 */

const FUNCTION_WORDS = `the of and to a in is that for it as with was on are by this be from or at an which
their they have has can these its were but not how more into other when also one about what some than been
many most where each such through between over two both while during after may all before them there who
would could only even because those across three first new often so then under around why used among
like up out any several every within until against without along another much few whether`;

const NOUNS = `people world water time year land area city country river ocean sea mountain region map student
teacher class lesson unit video school history science energy system change climate weather planet earth
life animal plant species forest island coast population community culture language government nation
state empire trade market city-state village farm crop food soil rock volcano earthquake plate fault
continent valley desert glacier ice lake wetland reef coral fish whale shark turtle bird insect bee
butterfly tree flower seed leaf root cell organism ecosystem habitat food-web predator prey resource
mineral metal fuel oil gas coal electricity wind wave tide current storm hurricane tornado flood drought
fire rainfall temperature season atmosphere cloud rain snow sun moon star galaxy orbit gravity comet
asteroid telescope satellite spacecraft rocket astronaut scientist explorer expedition journey voyage
ship boat port harbor road bridge railway canal dam wall tower temple church palace castle pyramid tomb
artifact fossil bone skull dinosaur mammal reptile amphibian primate human ancestor tool fire-pit
settlement migration border frontier colony war battle treaty revolution king queen emperor pharaoh
leader president citizen democracy republic law right vote election economy money tax wealth poverty
worker factory industry technology machine computer internet data evidence observation experiment
hypothesis theory model graph chart table diagram photograph image camera film story article book
library museum archive document source newspaper letter diary poem song music art painting sculpture
architecture design pattern shape line scale distance direction latitude longitude equator pole
hemisphere compass globe projection boundary capital province county district neighborhood street
park garden field pasture grassland savanna tundra taiga rainforest jungle canyon plateau plain hill
cliff cave beach delta estuary bay gulf strait channel peninsula archipelago atoll trench ridge basin
aquifer spring well stream tributary watershed floodplain levee irrigation agriculture harvest
livestock cattle sheep horse camel elephant lion tiger bear wolf fox deer monkey gorilla chimpanzee
panda penguin seal dolphin octopus jellyfish plankton algae bacteria virus disease health medicine
hospital doctor nurse vaccine water-supply sanitation pollution waste plastic recycling conservation
protection park-ranger wildlife extinction biodiversity adaptation evolution gene trait inheritance
generation family child parent elder tradition ceremony festival holiday religion belief myth legend
hero journey-map identity heritage ancestry genealogy census survey interview question answer problem
solution idea concept skill standard objective outcome activity project assignment worksheet handout
vocabulary term definition example summary overview introduction conclusion argument claim reason
perspective opinion fact detail feature process cycle stage step sequence cause effect result impact
consequence factor condition variable measurement unit-of-measure kilometer meter mile degree percent
ratio rate speed velocity force pressure mass volume density heat light sound color surface layer
crust mantle core magma lava ash eruption crater caldera geyser hot-spring mineral-deposit sediment
erosion weathering deposit landform terrain elevation slope altitude summit peak range foothill
oasis dune sand dust mud clay gravel stone marble granite basalt limestone sandstone quartz crystal
gem gold silver copper iron steel bronze tin lead uranium salt sugar spice tea coffee cocoa cotton
silk wool rubber timber paper glass pottery textile cloth clothing shelter house home building
structure foundation roof window door floor room kitchen table-top market-place shop merchant trader
caravan route network connection relationship interaction exchange partnership cooperation conflict
competition rivalry alliance agreement negotiation decision choice policy rule regulation program
plan strategy goal mission purpose value principle ethic responsibility duty freedom justice
equality rights-movement protest reform movement organization institution company business
profit cost price supply demand consumer producer export import product service job career
profession engineer architect artist writer historian geographer geologist biologist chemist
physicist astronomer ecologist oceanographer meteorologist anthropologist archaeologist
photographer filmmaker journalist editor reviewer producer narrator researcher volunteer guide
ranger pilot sailor farmer fisher miner hunter gatherer herder nomad pilgrim refugee immigrant
traveler tourist visitor resident neighbor friend group team crew society civilization dynasty
kingdom republic-era period era age century decade millennium prehistory antiquity medieval
renaissance enlightenment industrialization urbanization globalization colonization
independence nationalism imperialism mountain-chain rainbow thunder lightning blizzard monsoon cyclone
typhoon avalanche landslide tsunami sinkhole meteor meteorite nebula constellation eclipse season-cycle
equinox solstice horizon sky ocean-floor seabed shoreline sandbar lagoon marsh swamp bog prairie meadow
orchard vineyard plantation ranch barn mill workshop laboratory observatory station outpost fort
garrison barracks arena stadium theater amphitheater forum agora marketplace bazaar inn tavern
coffeehouse school-house university college academy scholar philosopher poet playwright composer
painter sculptor inventor invention discovery innovation patent engine steam locomotive automobile
airplane telegraph telephone radio television printing press newspaper-office pamphlet map-maker
atlas manuscript scroll tablet inscription alphabet script symbol code signal message messenger
courier envoy ambassador diplomat council assembly parliament senate congress court judge jury trial
verdict constitution charter amendment petition campaign candidate party majority minority
neighborhood-watch township parish diocese monastery mosque synagogue shrine pilgrimage procession
feast harvest-festival dance costume mask drum flute harp guitar chorus melody rhythm lyric
novel essay chapter verse paragraph sentence word phrase grammar dialect accent translation
interpreter lens microscope thermometer barometer seismograph sensor probe drone buoy sonar radar
altitude-chart contour legend key grid coordinate bearing route-map itinerary voyage-log logbook
journal notebook sketch portrait landscape mural mosaic fresco tapestry carpet basket vessel jar
urn coin medal crown throne sword shield armor spear arrow bow chariot cannon musket fortress
moat gate tunnel mine quarry shaft furnace forge kiln loom spindle needle thread fabric dye
pigment ink parchment papyrus bamboo reed palm cedar oak pine maple willow birch fern moss
mushroom fungus lichen cactus grass shrub vine orchid lily rose tulip sunflower wheat rice corn
barley millet potato tomato bean pea olive grape apple orange banana mango coconut pepper
salmon trout tuna cod herring sardine crab lobster shrimp oyster clam snail worm spider ant
termite beetle mosquito locust frog toad salamander lizard snake crocodile alligator tortoise
eagle hawk owl parrot pigeon crow swan goose duck heron flamingo albatross ostrich kangaroo
koala bat rat mouse squirrel rabbit beaver otter raccoon badger moose elk bison buffalo zebra
giraffe rhino hippo leopard cheetah jaguar hyena antelope gazelle yak llama alpaca goat pig
chicken donkey mule ox`;

const VERBS = `explore examine describe explain compare contrast analyze identify predict observe measure
record collect classify organize interpret evaluate investigate discover create build design
develop discuss present share write read draw map locate trace track study learn teach understand
investigate-further consider connect apply demonstrate illustrate summarize support argue debate
research survey monitor protect conserve restore reduce reuse recycle adapt survive migrate
settle farm hunt gather trade travel sail fly swim grow change shape form erupt flow melt freeze
evaporate condense rise fall spread move shift collide separate divide unite rule govern conquer
defend invade resist negotiate vote elect decide choose plan prepare produce consume export import
grow-up celebrate remember honor preserve document photograph film narrate report publish review
edit test calculate estimate graph model simulate visualize question wonder imagine reflect
respond listen speak ask answer solve`;

const ADJECTIVES = `important different large small major local global natural human physical cultural social
political economic environmental scientific historical ancient modern early late recent current
future common rare unique diverse complex simple rich poor dense remote urban rural coastal tropical
polar arid humid temperate dry wet warm cold hot frozen active dormant extinct endangered native
invasive marine freshwater terrestrial aquatic volcanic tectonic glacial rocky sandy fertile barren
vast narrow deep shallow steep flat high low bright dark visible invisible powerful fragile
sustainable renewable toxic clean safe dangerous seasonal annual daily primary secondary digital
visual detailed accurate reliable critical creative collaborative independent regional national
international indigenous traditional religious sacred public private industrial agricultural
commercial military royal imperial colonial democratic medieval prehistoric geologic solar lunar
orbital atmospheric oceanic continental`;

const words = (text: string) =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/-/g, " ").split(" ")[0]);

/** Nouns whose plural no rule makes ("" = no plural form). */
const IRREGULAR_PLURAL: Record<string, string> = {
  sheep: "",
  deer: "",
  species: "",
  moose: "",
  bison: "",
  fish: "",
  salmon: "",
  trout: "",
  cod: "",
  data: "",
  evidence: "",
  people: "",
  money: "",
  wildlife: "",
  livestock: "",
  cattle: "",
  mouse: "mice",
  ox: "oxen",
  child: "children",
  fungus: "fungi",
  buffalo: "buffaloes",
  potato: "potatoes",
  tomato: "tomatoes",
  knife: "knives",
  leaf: "leaves",
  wolf: "wolves",
  shelf: "shelves",
  crisis: "crises",
  analysis: "analyses",
};

function plural(noun: string): string {
  if (noun in IRREGULAR_PLURAL) return IRREGULAR_PLURAL[noun];
  if (/(s|sh|ch|x|z)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/** Verbs whose forms no rule makes: -s, past, -ing. */
const IRREGULAR: Record<string, string[]> = {
  write: ["writes", "wrote", "writing"],
  read: ["reads", "read", "reading"],
  draw: ["draws", "drew", "drawing"],
  teach: ["teaches", "taught", "teaching"],
  understand: ["understands", "understood", "understanding"],
  build: ["builds", "built", "building"],
  grow: ["grows", "grew", "growing"],
  fly: ["flies", "flew", "flying"],
  swim: ["swims", "swam", "swimming"],
  rise: ["rises", "rose", "rising"],
  fall: ["falls", "fell", "falling"],
  freeze: ["freezes", "froze", "freezing"],
  choose: ["chooses", "chose", "choosing"],
  speak: ["speaks", "spoke", "speaking"],
  rule: ["rules", "ruled", "ruling"],
  map: ["maps", "mapped", "mapping"],
  plan: ["plans", "planned", "planning"],
  shift: ["shifts", "shifted", "shifting"],
  spread: ["spreads", "spread", "spreading"],
  sail: ["sails", "sailed", "sailing"],
};

function verbForms(verb: string): string[] {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  const stem = verb.endsWith("e") ? verb.slice(0, -1) : verb;
  const past = /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ied` : `${stem}ed`;
  return [plural(verb), past, `${stem}ing`];
}

const unique = (list: string[]) => [...new Set(list.filter(Boolean))];

export interface Vocabulary {
  /** Every word, most frequent first: function words, base forms, then inflected forms. */
  readonly all: readonly string[];
  /** The same without the function words (for titles). */
  readonly content: readonly string[];
}

export function vocabulary(): Vocabulary {
  const nouns = unique(words(NOUNS));
  const verbs = unique(words(VERBS));
  const adjectives = unique(words(ADJECTIVES));
  const base: string[] = [];
  // Interleave the classes so every rank band holds nouns, verbs and adjectives.
  for (let i = 0; i < nouns.length; i++) {
    base.push(nouns[i]);
    if (i % 3 === 0 && verbs[i / 3]) base.push(verbs[i / 3]);
    if (i % 3 === 1 && adjectives[(i - 1) / 3]) base.push(adjectives[(i - 1) / 3]);
  }
  base.push(...verbs.slice(Math.ceil(nouns.length / 3)), ...adjectives.slice(Math.ceil(nouns.length / 3)));
  const inflected = [...nouns.map(plural), ...verbs.flatMap(verbForms)];
  const functionWords = unique(words(FUNCTION_WORDS));
  const content = unique([...base, ...inflected]).filter((w) => !functionWords.includes(w));
  return { all: [...functionWords, ...content], content };
}
