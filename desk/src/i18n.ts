// Every string a person reads comes from locales/<lang>.json. The language is the
// reader's (navigator.languages) unless they picked one (kept in localStorage); numbers,
// dates and times are formatted by Intl for that language.
import de from "./locales/de.json";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import it from "./locales/it.json";
import ptBR from "./locales/pt-BR.json";
import ru from "./locales/ru.json";

type Messages = Record<string, string>;
export const LANGUAGES: Record<string, { name: string; messages: Messages }> = {
  en: { name: "English", messages: en },
  de: { name: "Deutsch", messages: de },
  fr: { name: "Français", messages: fr },
  es: { name: "Español", messages: es },
  it: { name: "Italiano", messages: it },
  "pt-BR": { name: "Português (Brasil)", messages: ptBR },
  ru: { name: "Русский", messages: ru },
};
const STORE = "podium-desk-language";

export function pick(wanted: readonly string[]): string {
  for (const tag of wanted) {
    if (LANGUAGES[tag]) return tag;
    const base = tag.split("-")[0]!;
    if (base === "pt") return "pt-BR";
    if (LANGUAGES[base]) return base;
  }
  return "en";
}

let current = pick([localStorage.getItem(STORE) || "", ...(navigator.languages || [])]
  .filter(Boolean));
let plural = new Intl.PluralRules(current);

export function language(): string { return current; }

export function setLanguage(tag: string): void {
  current = pick([tag]);
  plural = new Intl.PluralRules(current);
  localStorage.setItem(STORE, current);
  document.documentElement.lang = current;
}

/** The message ``key`` with {name} placeholders filled; with ``count``, its plural form
 * (``key.one``, ``key.few``, ``key.other``...). */
export function t(key: string, vars: Record<string, string | number> = {}): string {
  const own = LANGUAGES[current]!.messages;
  let id = key;
  if (typeof vars.count === "number") {
    const form = `${key}.${plural.select(vars.count)}`;
    id = form in own || form in en ? form : `${key}.other`;
  }
  const text = own[id] ?? (en as Messages)[id] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) =>
    name in vars ? (typeof vars[name] === "number" ? num(vars[name] as number) : String(vars[name]))
                 : `{${name}}`);
}

export function num(n: number): string {
  return new Intl.NumberFormat(current).format(n);
}

export function time(at: string | number | null | undefined): string {
  if (at === null || at === undefined) return "";
  const d = new Date(at);
  return isNaN(d.getTime()) ? "" : new Intl.DateTimeFormat(current, { timeStyle: "short" }).format(d);
}

export function dateTime(at: string | number | null | undefined): string {
  if (at === null || at === undefined) return "";
  const d = new Date(at);
  return isNaN(d.getTime()) ? "" :
    new Intl.DateTimeFormat(current, { dateStyle: "medium", timeStyle: "short" }).format(d);
}

/** A countdown "12:05" (or "1:02:03") to ``until``; "" when unknown, negative as "-0:42". */
export function countdown(until: string | null | undefined, now = Date.now()): string {
  if (!until) return "";
  const ms = Date.parse(until) - now;
  if (isNaN(ms)) return "";
  const s = Math.abs(Math.round(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const two = (x: number) => new Intl.NumberFormat(current, { minimumIntegerDigits: 2 }).format(x);
  const text = (h ? `${num(h)}:${two(m)}` : num(m)) + ":" + two(r);
  return ms < 0 ? `-${text}` : text;
}

document.documentElement.lang = current;
