/**
 * Text in scripts written without spaces, for measuring what such text costs
 * the search index: a title of 8–15 characters and a paragraph of 60–119 in
 * Japanese, Chinese or Thai, with an emoji or two, added to a record's title
 * and description. Phrases are real sentences about the catalogue's subjects,
 * drawn at random, so the index meets the character pairs of real text.
 */
import { CommandError } from "../cli/run-command.ts";
import type { JsonObject } from "../../core/catalogue/resource.ts";
import type { Random } from "./random.ts";

interface Script {
  readonly phrases: readonly string[];
  /** What ends a sentence in a paragraph. */
  readonly sentenceEnd: string;
}

const SCRIPTS: Record<"japanese" | "chinese" | "thai", Script> = {
  japanese: {
    sentenceEnd: "。",
    phrases: [
      "日本列島は火山や地震の多い地域です",
      "東京タワーから富士山が見えます",
      "海の生き物について学びましょう",
      "地球温暖化と氷河の変化",
      "子どもたちは川の流れを観察しました",
      "森林には多くの動物が住んでいます",
      "古代エジプトのピラミッドの歴史",
      "月と星の動きを記録する",
      "台風は夏から秋にかけて日本に近づきます",
      "サンゴ礁は海の熱帯雨林と呼ばれています",
      "宇宙飛行士が国際宇宙ステーションで働いています",
      "地図の読み方を練習しよう",
      "クジラは大きな哺乳類です",
      "北極の氷が毎年少しずつ溶けています",
      "砂漠では雨がほとんど降りません",
      "火山の噴火で新しい島が生まれました",
      "世界の言語と文化を比べてみよう",
      "先生と生徒が博物館を訪れました",
      "エネルギーの使い方を考える",
      "恐竜の化石が見つかりました",
    ],
  },
  chinese: {
    sentenceEnd: "。",
    phrases: [
      "地理是研究地球表面的科学",
      "长江是中国最长的河流",
      "火山爆发会改变周围的环境",
      "学生们在博物馆里参观恐龙化石",
      "海洋覆盖了地球表面的大部分",
      "气候变化影响着世界各地的农业",
      "熊猫生活在四川的山区森林里",
      "古代丝绸之路连接了东方和西方",
      "地图可以帮助我们认识世界",
      "冰川在过去一百年里不断融化",
      "珊瑚礁是许多鱼类的家园",
      "天文学家用望远镜观察星空",
      "沙漠里的植物能够储存水分",
      "城市人口在快速增长",
      "地震常常发生在板块的边界",
      "老师带领学生观察河流的变化",
      "热带雨林中生活着大量的物种",
      "月亮围绕地球运行",
      "可再生能源越来越重要",
      "黄河流域是中华文明的发源地",
    ],
  },
  thai: {
    sentenceEnd: " ",
    phrases: [
      "ภูมิศาสตร์คือการศึกษาเกี่ยวกับโลก",
      "แม่น้ำเจ้าพระยาไหลผ่านกรุงเทพมหานคร",
      "ภูเขาไฟระเบิดทำให้เกิดเกาะใหม่",
      "นักเรียนไปเยี่ยมชมพิพิธภัณฑ์วิทยาศาสตร์",
      "มหาสมุทรปกคลุมพื้นผิวโลกส่วนใหญ่",
      "การเปลี่ยนแปลงสภาพภูมิอากาศส่งผลต่อการเกษตร",
      "ช้างเป็นสัตว์ที่ใหญ่ที่สุดบนบก",
      "ป่าฝนเขตร้อนมีสิ่งมีชีวิตหลายชนิด",
      "แผนที่ช่วยให้เราเข้าใจโลก",
      "ธารน้ำแข็งกำลังละลายอย่างรวดเร็ว",
      "แนวปะการังเป็นบ้านของปลาหลายชนิด",
      "นักดาราศาสตร์ใช้กล้องโทรทรรศน์ดูดาว",
      "ฤดูฝนในประเทศไทยเริ่มในเดือนพฤษภาคม",
      "ครูสอนภาษาไทยให้นักเรียนทุกวัน",
      "แผ่นดินไหวเกิดขึ้นที่รอยต่อของแผ่นเปลือกโลก",
      "ดวงจันทร์โคจรรอบโลก",
      "พลังงานแสงอาทิตย์เป็นพลังงานหมุนเวียน",
      "ชาวนาปลูกข้าวในที่ราบลุ่มภาคกลาง",
    ],
  },
};
const SCRIPT_LIST = Object.values(SCRIPTS);
const EMOJI = [..."🌏🌋🌊🐋🐢🐘🐼🦕🌲🌵🏔🌧🌪🔭🛰🚀🌙⭐🗺🏛🐟🦈🌾☀🧭"];

/** Sentences drawn at random until `length` characters (code points), cut there but not after a space. */
function text(random: Random, script: Script, length: number, sentenceEnd: string): string {
  const chars: string[] = [];
  while (chars.length <= length) chars.push(...random.pick(script.phrases), ...sentenceEnd);
  const cut = chars.slice(0, length);
  if (cut[length - 1] === " ") cut[length - 1] = chars[length];
  return cut.join("");
}

/** The record with a title and a paragraph in one of the scripts added; the rest unchanged. */
export function withOtherScript(random: Random, record: JsonObject): JsonObject {
  const script = random.pick(SCRIPT_LIST);
  const title = `${text(random, script, random.int(8, 15), "")} ${random.pick(EMOJI)}`;
  const paragraph = text(random, script, random.int(60, 119), script.sentenceEnd) + (random.chance(0.5) ? ` ${random.pick(EMOJI)}` : "");
  const description = record.description as string;
  return {
    ...record,
    title: `${record.title as string} ${title}`,
    // Paragraphs in an HTML description, as the CMS joins them; a sentence more in a plain one.
    description: description.startsWith("<p>") ? `${description}\r\n<p>${paragraph}</p>` : `${description} ${paragraph}`,
  };
}

/** `--other-scripts`: the share of records given such text, 0–1. */
export function parseShare(text: string): number {
  const share = Number(text);
  if (text.trim() === "" || !(share >= 0 && share <= 1))
    throw new CommandError(`--other-scripts needs a fraction from 0 to 1, got "${text}".`);
  return share;
}
