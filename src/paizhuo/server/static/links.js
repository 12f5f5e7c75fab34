// Where the app's pages are: the rules of a rule id, a replay.
const RULE_DOCS = { SJ: "shengji", GJ: "gouji", BH: "baohuang" };

/** The page of a rule id ("SJ-8" → the Shengji rules at that rule), or null for no rule. */
export function ruleHref(rule) {
  const m = /^(SJ|GJ|BH)-\d+[a-z]?$/.exec(String(rule || ""));
  if (!m) return null;
  return `/?rules=${RULE_DOCS[m[1]]}#${rule}`;
}
