// The venue node this desk is served by, if it is one (GET /v1/venue; a deployment
// answers 404 and nothing is shown): the address phones on the venue's network use and
// its QR code, shown from the sign-in on.
import { useEffect, useState } from "preact/hooks";
import { apiRoot, connect, defaultBase, type Schemas } from "./api/client";
import { t } from "./i18n";

type Node = Schemas["VenueNode"];

export function VenueNode() {
  const [node, setNode] = useState<Node | null>(null);
  useEffect(() => {
    connect({ base: defaultBase(), key: "" }).GET("/v1/venue")
      .then(({ data }) => setNode(data ?? null)).catch(() => setNode(null));
  }, []);
  if (!node) return null;
  const url = `${node.address}/v1`;
  return (
    <aside class="venue" aria-labelledby="venue-title">
      <img src={`${apiRoot(defaultBase())}/v1/venue/qr.svg`} width={132} height={132}
        alt={t("venue.qr", { address: url })} />
      <div>
        <h2 id="venue-title">{t("venue.title", { node: node.node_id })}</h2>
        <p>{t("venue.phones")} <a href={url}><code>{url}</code></a></p>
      </div>
    </aside>
  );
}
