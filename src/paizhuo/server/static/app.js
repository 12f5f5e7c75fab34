// The browser table: a lobby at "/", a table at "/?t=CODE" or "/#CODE".
import { onLang, t, toggleLang } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";

const root = document.getElementById("app");
const langButton = document.getElementById("lang-switch");
let current = null;

function tableKey() {
  const params = new URLSearchParams(location.search);
  const fromQuery = params.get("t");
  if (fromQuery) return fromQuery.trim();
  const hash = location.hash.replace(/^#/, "").trim();
  return hash || null;
}

function route() {
  if (current && current.destroy) current.destroy();
  const key = tableKey();
  current = key ? showTable(root, key, navigate) : showLobby(root, navigate);
}

/** Go to a table (or the lobby with null) without reloading the page. */
export function navigate(key) {
  const url = key ? `/?t=${encodeURIComponent(key)}` : "/";
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
