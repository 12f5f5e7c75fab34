// Where the app's pages are: the rules of a rule id, a replay.
import { rulesDocOf } from "./games/index.js";

/** The page of a rule id ("SJ-8", "GJ-5.2" → that game's rules at that rule), or null for no
 * rule (or a prefix no game module declares as its `rulePrefix`). */
export function ruleHref(rule) {
  const m = /^([A-Z]+)-\d+(?:\.\d+)*[a-z]?$/.exec(String(rule || ""));
  const doc = m ? rulesDocOf(m[1]) : null;
  return doc ? `/?rules=${doc}#${rule}` : null;
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
