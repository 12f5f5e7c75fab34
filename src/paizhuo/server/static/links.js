// Where the app's pages are: the rules of a rule id, a replay.
const RULE_DOCS = { SJ: "shengji", GJ: "gouji", BH: "baohuang" };

/** The page of a rule id ("SJ-8", "GJ-5.2" → that game's rules at that rule), or null for no
 * rule. */
export function ruleHref(rule) {
  const m = /^(SJ|GJ|BH)-\d+(?:\.\d+)*[a-z]?$/.exec(String(rule || ""));
  if (!m) return null;
  return `/?rules=${RULE_DOCS[m[1]]}#${rule}`;
}

/** The replay page of a finished deal (its id, "<table id>-<n>"). */
export function replayHref(dealId) {
  return `/?replay=${encodeURIComponent(dealId)}`;
}

/** Where the browser keeps its seat token for a table (localStorage): the table page joins
 * with it, the replay page sends it for a record the rules keep for its seat (SJ-13). */
export function tokenKey(tableId) {
  return `paizhuo.token.${tableId}`;
}

/** The replay page of the record the lobby's upload keeps in the session. */
export const UPLOAD_REPLAY = "/?replay=file";
export const UPLOAD_KEY = "paizhuo.upload";
