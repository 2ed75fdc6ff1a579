/**
 * The form's own widgets (Decap's registerWidget; React's createElement is
 * window.h, Decap's createClass window.createClass), named in the generated
 * configuration (core/cms/cms-config.ts):
 *
 * - an html_path that an existing record may change but not empty: its page
 *   would lose its address and the build would refuse the record, so the
 *   form says so before saving (a new record's empty one is made from its title);
 * - a unit's lessons, picked by title from the published lessons index (the
 *   HTML view's search), shown by their published titles, stored as the
 *   lessons' UUIDs in the order chosen: no lesson record is read from the
 *   repository.
 */
import type { SiteAddresses } from "../../core/catalogue/site-config.ts";
import { CUSTOM_WIDGETS } from "../../core/cms/cms-config.ts";
import { findPublished, publishedTitle, type PublishedMatch } from "./admin-published.ts";

/** An Immutable.js list, as Decap gives a list field's value. */
interface ImmutableList {
  toJS(): unknown[];
  push(value: unknown): ImmutableList;
  delete(index: number): ImmutableList;
  insert(index: number, value: unknown): ImmutableList;
}

/** What Decap gives a widget's control. */
interface ControlProps {
  readonly value: unknown;
  onChange(value: unknown): void;
  readonly forID: string;
  readonly classNameWrapper: string;
  setActiveStyle(): void;
  setInactiveStyle(): void;
  readonly entry: { get(key: "newRecord"): boolean | undefined };
}

interface Control<State> {
  props: ControlProps;
  state: State;
  setState(state: Partial<State>): void;
}

type Element = unknown;
type CreateElement = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => Element;
declare global {
  interface Window {
    createClass(spec: object): unknown;
  }
}
const h = (...args: Parameters<CreateElement>) => (window.h as unknown as CreateElement)(...args);

export function registerWidgets(cms: { registerWidget(name: string, control: unknown): void }, site: SiteAddresses): void {
  cms.registerWidget(CUSTOM_WIDGETS.htmlPath, htmlPathControl());
  cms.registerWidget(CUSTOM_WIDGETS.lessons, lessonsControl(site));
}

/** Decap shows the message under the field and does not save. */
const refusal = (message: string) => ({ error: { type: "CUSTOM", message } });

export const EMPTIED_HTML_PATH =
  "A published record keeps its page's address: write a new path to move the page, or put back the one it had.";

function htmlPathControl(): unknown {
  return window.createClass({
    isValid(this: Control<object>) {
      const empty = typeof this.props.value !== "string" || this.props.value.trim() === "";
      return empty && !this.props.entry.get("newRecord") ? refusal(EMPTIED_HTML_PATH) : true;
    },
    render(this: Control<object>) {
      const { forID, classNameWrapper, value, onChange, setActiveStyle, setInactiveStyle } = this.props;
      return h("input", {
        type: "text",
        id: forID,
        className: classNameWrapper,
        value: typeof value === "string" ? value : "",
        onChange: (event: { target: { value: string } }) => onChange(event.target.value),
        onFocus: setActiveStyle,
        onBlur: setInactiveStyle,
      });
    },
  });
}

interface LessonsState {
  query: string;
  matches: readonly PublishedMatch[];
  /** Published titles of the chosen lessons, by UUID (null: the site as built has no such lesson). */
  titles: Readonly<Record<string, string | null>>;
  status: string;
}

/** How long typing pauses before the picker searches. */
const TYPING_PAUSE_MS = 250;
const LESSONS = "lessons";

function lessonsControl(site: SiteAddresses): unknown {
  const chosen = (value: unknown): string[] =>
    Array.isArray(value) ? (value as string[]) : value && typeof value === "object" ? ((value as ImmutableList).toJS() as string[]) : [];
  let pause: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  /** Lessons whose titles are being read, so that a render meanwhile does not ask again. */
  const reading = new Set<string>();
  return window.createClass({
    getInitialState(): LessonsState {
      return { query: "", matches: [], titles: {}, status: "" };
    },
    componentDidMount(this: Control<LessonsState>) {
      void titlesOf(this);
    },
    componentDidUpdate(this: Control<LessonsState>) {
      void titlesOf(this);
    },
    render(this: Control<LessonsState>) {
      const { forID, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props;
      const uuids = chosen(this.props.value);
      const { query, matches, titles, status } = this.state;
      const listbox = `${forID}-matches`;
      const search = (text: string) => {
        this.setState({ query: text });
        clearTimeout(pause);
        pause = setTimeout(() => void matchesOf(this, text), TYPING_PAUSE_MS);
      };
      const items = uuids.map((uuid, i) =>
        h(
          "li",
          { key: uuid, className: "catalogue-lesson" },
          h("span", null, titles[uuid] ?? (titles[uuid] === null ? `${uuid} (not in the site as last built)` : uuid)),
          i > 0
            ? h(
                "button",
                { type: "button", onClick: () => change(this, uuids, i, "up"), "aria-label": `Move up ${titles[uuid] ?? uuid}` },
                "↑",
              )
            : null,
          h(
            "button",
            { type: "button", onClick: () => change(this, uuids, i, "remove"), "aria-label": `Remove ${titles[uuid] ?? uuid}` },
            "×",
          ),
        ),
      );
      const options = matches.map((match) =>
        h(
          "li",
          {
            key: match.uuid,
            role: "option",
            "aria-selected": uuids.includes(match.uuid),
            className: "catalogue-lesson-option",
            onClick: () => pick(this, uuids, match),
          },
          match.title,
        ),
      );
      return h(
        "div",
        { className: classNameWrapper },
        h("ol", { className: "catalogue-lessons" }, ...items),
        h("input", {
          type: "search",
          id: forID,
          role: "combobox",
          "aria-expanded": matches.length > 0,
          "aria-controls": listbox,
          autoComplete: "off",
          placeholder: "Find a lesson by its title",
          value: query,
          onChange: (event: { target: { value: string } }) => search(event.target.value),
          onFocus: setActiveStyle,
          onBlur: setInactiveStyle,
        }),
        h("p", { className: "catalogue-lessons-status", "aria-live": "polite" }, status),
        h("ul", { id: listbox, role: "listbox", className: "catalogue-lesson-options" }, ...options),
      );
    },
  });

  async function matchesOf(control: Control<LessonsState>, query: string): Promise<void> {
    const ask = ++asked;
    if (query.trim() === "") return control.setState({ matches: [], status: "" });
    try {
      const { matches, total } = await findPublished(site, LESSONS, query);
      if (ask !== asked) return; // a later query is being answered
      const status =
        total === 0 ? `No lesson holds “${query}”.` : total > matches.length ? `${total} found, the first ${matches.length} shown.` : "";
      control.setState({ matches, status });
    } catch (error) {
      control.setState({ matches: [], status: `The site's search files could not be read (${String(error)}).` });
    }
  }

  async function titlesOf(control: Control<LessonsState>): Promise<void> {
    const missing = chosen(control.props.value).filter((uuid) => !(uuid in control.state.titles) && !reading.has(uuid));
    if (missing.length === 0) return;
    for (const uuid of missing) reading.add(uuid);
    const found = await Promise.all(missing.map(async (uuid) => [uuid, (await publishedTitle(site, LESSONS, uuid)) ?? null] as const));
    for (const uuid of missing) reading.delete(uuid);
    control.setState({ titles: { ...control.state.titles, ...Object.fromEntries(found) } });
  }

  function pick(control: Control<LessonsState>, uuids: readonly string[], match: PublishedMatch): void {
    control.setState({ titles: { ...control.state.titles, [match.uuid]: match.title }, matches: [], query: "", status: "" });
    if (uuids.includes(match.uuid)) return;
    const value = control.props.value;
    control.props.onChange(isList(value) ? value.push(match.uuid) : [...uuids, match.uuid]);
  }

  function change(control: Control<LessonsState>, uuids: readonly string[], i: number, how: "up" | "remove"): void {
    const value = control.props.value;
    if (how === "remove") return control.props.onChange(isList(value) ? value.delete(i) : uuids.filter((_, j) => j !== i));
    const moved = [...uuids];
    moved.splice(i - 1, 2, uuids[i], uuids[i - 1]);
    control.props.onChange(isList(value) ? value.delete(i).insert(i - 1, uuids[i]) : moved);
  }
}

const isList = (value: unknown): value is ImmutableList => !!value && typeof value === "object" && "toJS" in value && "push" in value;
