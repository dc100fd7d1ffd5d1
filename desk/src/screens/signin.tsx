// Sign in with an organizer's key or a judge's token (kept in this browser until sign-out).
import { useState } from "preact/hooks";
import { call, connect, defaultBase, type Session } from "../api/client";
import { ErrorBox, Field } from "../desk";
import { t } from "../i18n";

export function SignIn({ onSignedIn }: { onSignedIn: (s: Session) => void }) {
  const [base, setBase] = useState(defaultBase());
  const [key, setKey] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const session = { base: base.trim(), key: key.trim() };
    try {
      await call(() => connect(session).GET("/v1/me"));
      onSignedIn(session);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="panel signin" onSubmit={submit}>
      <h1>{t("signin.title")}</h1>
      <p>{t("signin.intro")}</p>
      <Field label={t("signin.key")}><input type="password" autocomplete="current-password" required value={key}
          onInput={(e) => setKey((e.target as HTMLInputElement).value)} /></Field>
      <Field label={t("signin.base")}><input type="url" value={base} placeholder="http://127.0.0.1:8000"
          onInput={(e) => setBase((e.target as HTMLInputElement).value)} /></Field>
      <p class="muted">{t("signin.base_hint")}</p>
      <button class="primary" type="submit" disabled={busy}>{t("signin.submit")}</button>
      <ErrorBox error={error} what={t("signin.title")} />
    </form>
  );
}
