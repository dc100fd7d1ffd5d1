// The desk's frame: sign-in, the header (language, who is signed in, sign out), the
// page for the address's hash (#/ events, #/t/<tid>/<tab> an event), the outcome of the
// last action (announced to screen readers) and its refusal, if any.
import { useCallback, useEffect, useMemo, useState } from "preact/hooks";
import { call, connect, DeskError, loadSession, saveSession, type Session } from "./api/client";
import { DeskContext, ErrorBox, Field, type DeskState, type Me } from "./desk";
import { language, LANGUAGES, setLanguage, t } from "./i18n";
import { Events } from "./screens/events";
import { EventScreen } from "./screens/event";
import { SignIn } from "./screens/signin";
import { VenueNode } from "./venue";

function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    addEventListener("hashchange", on);
    return () => removeEventListener("hashchange", on);
  }, []);
  return hash;
}

export function App() {
  const [session, setSession] = useState<Session | null>(loadSession);
  const [me, setMe] = useState<Me | null>(null);
  const [failure, setFailure] = useState<{ what: string; error: unknown } | null>(null);
  const [notice, setNotice] = useState("");
  const [tick, setTick] = useState(0);
  const [, setLang] = useState(language());
  const hash = useHash();
  const api = useMemo(() => (session ? connect(session) : null), [session]);

  useEffect(() => {
    if (!api) return;
    call(() => api.GET("/v1/me")).then((who) => setMe(who as Me))
      .catch((error) => setFailure({ what: t("signin.title"), error }));
  }, [api]);

  const run = useCallback(async (what: string, action: () => Promise<unknown>) => {
    setFailure(null);
    setNotice("");
    try {
      await action();
      setNotice(t("notice.done", { what }));
      return true;
    } catch (error) {
      setFailure({ what, error });
      return false;
    } finally {
      setTick((n) => n + 1);
    }
  }, []);

  const signOut = () => { saveSession(null); setSession(null); setMe(null); location.hash = "#/"; };
  const signedIn = (s: Session) => { saveSession(s); setFailure(null); setSession(s); };
  const desk: DeskState | null = api && me ? { api, base: session!.base, me, tick, run } : null;
  const route = hash.replace(/^#\/?/, "").split("/");

  return (
    <div class="desk">
      <a class="skip" href="#main">{t("nav.skip")}</a>
      <header class="top">
        <a class="brand" href="#/">{t("app.title")}</a>
        <Field label={t("nav.language")} class="lang">
          <select value={language()} onChange={(e) => {
            setLanguage((e.target as HTMLSelectElement).value); setLang(language()); setNotice("");
          }}>
            {Object.entries(LANGUAGES).map(([tag, l]) => <option value={tag} lang={tag}>{l.name}</option>)}
          </select>
        </Field>
        {me ? <span class="who">{t("nav.signed", { name: me.name || me.id, role: t(`role.${me.role}`) })}</span> : null}
        {session ? <button type="button" onClick={signOut}>{t("nav.signout")}</button> : null}
      </header>
      <main id="main" tabIndex={-1} data-actions={tick}>
        <VenueNode />
        <p class="notice" role="status" aria-live="polite">{notice}</p>
        {failure ? <ErrorBox what={failure.what} error={failure.error} /> : null}
        {!session || (failure && failure.error instanceof DeskError && failure.error.status === 401 && !me)
          ? <SignIn onSignedIn={signedIn} />
          : !desk ? <p>{t("loading")}</p>
          : <DeskContext.Provider value={desk}>
              {route[0] === "t" && route[1]
                ? <EventScreen tid={route[1]} tab={route[2] || "overview"} />
                : <Events />}
            </DeskContext.Provider>}
      </main>
    </div>
  );
}
