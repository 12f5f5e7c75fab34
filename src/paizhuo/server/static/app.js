// The browser table: a lobby at "/", a table at "/?t=CODE" or "/#CODE", the rules at
// "/?rules=<doc>#<rule id>", a game's "how to play" page at "/?howto=<game>", a replay at
// "/?replay=<deal id>" (or "/?replay=file": the record the lobby's upload keeps in this
// tab's session storage).
import { showHowto } from "./howto.js";
import { onLang, t, toggleLang } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showReplay } from "./replay.js";
import { showRules } from "./rules.js";
import { showTable } from "./table/index.js";

const root = document.getElementById("app");
const langButton = document.getElementById("lang-switch");
let current = null;
let currentKey = null;

function page() {
  const params = new URLSearchParams(location.search);
  const rules = params.get("rules");
  if (rules !== null) return { kind: "rules", arg: rules.trim() || "README" };
  const howto = params.get("howto");
  if (howto) return { kind: "howto", arg: howto.trim() };
  const replay = params.get("replay");
  if (replay) return { kind: "replay", arg: replay.trim() };
  const fromQuery = params.get("t");
  if (fromQuery) return { kind: "table", arg: fromQuery.trim() };
  const hash = location.hash.replace(/^#/, "").trim();
  return hash ? { kind: "table", arg: hash } : { kind: "lobby", arg: "" };
}

function route() {
  const p = page();
  const key = `${p.kind}:${p.arg}`;
  if (current && key === currentKey && p.kind === "rules") {
    current.focus(); // another rule of the same page: scroll, no reload
    return;
  }
  if (current && current.destroy) current.destroy();
  currentKey = key;
  document.body.dataset.page = p.kind;
  if (p.kind === "rules") current = showRules(root, p.arg, navigate);
  else if (p.kind === "howto") current = showHowto(root, p.arg, navigate);
  else if (p.kind === "replay") current = showReplay(root, p.arg, navigate);
  else if (p.kind === "table") current = showTable(root, p.arg, navigate);
  else current = showLobby(root, navigate);
}

/** Go to a table by its code, to a page of the app by its address ("/?rules=gouji#GJ-5"), or
 * to the lobby with null, without reloading the page. */
export function navigate(key) {
  const url = !key ? "/" : key.startsWith("/") ? key : `/?t=${encodeURIComponent(key)}`;
  history.pushState(null, "", url);
  route();
}

langButton.addEventListener("click", () => toggleLang());
onLang(() => {
  langButton.textContent = t("lang.switch");
  document.title = t("app.title");
});
langButton.textContent = t("lang.switch");
document.title = t("app.title");
window.addEventListener("popstate", route);
window.addEventListener("hashchange", route);
route();
