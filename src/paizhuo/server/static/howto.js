// The "how to play" pages, for players: one markdown page per game and language
// (static/howto/<game>.<lang>.md) at "/?howto=<game>", drawn by the rules pages' markdown
// renderer, so every rule id in the text (SJ-8, GJ-5.2) links to its rule in the reference.
// A fenced block of kind `cards` is drawn with the table's own SVG cards: one example a line,
// the cards in the card notation, then " | " and the caption (markdown, rule ids linked):
//
//   ```cards trump=H level=T
//   BJ SJ TH TS | the jokers and the level cards are trumps
//   ```
//
// `trump=` (a suit, or NT) and `level=` (a rank) mark the trumps of a Shengji example as the
// hand does. Every game with a module in games/index.js has a page in both languages
// (tests/server/test_howto.py checks it, and that each rule id cited is in docs/rules).
import { cardFace, cardsText, isJoker, splitCards } from "./cards.js";
import { clear, h, inPage } from "./dom.js";
import { gameNames, gameView } from "./games/index.js";
import { addStrings, currentLang, onLang, t } from "./i18n.js";
import { renderMarkdown } from "./rules.js";

addStrings({
  en: {
    "howto.link": "How to play",
    "howto.title": "How to play",
    "howto.loading": "Loading…",
    "howto.missing": "There is no “how to play” page for {game}.",
    "howto.complete": "Complete rules",
    "howto.complete_note": "This page explains the game for players. Every rule id (like {rule}) opens that rule in the complete rules, which also list every option of the lobby.",
    "howto.back": "Lobby",
    "howto.contents": "On this page",
  },
  zh: {
    "howto.link": "玩法",
    "howto.title": "玩法介绍",
    "howto.loading": "正在加载…",
    "howto.missing": "{game} 没有玩法介绍页。",
    "howto.complete": "完整规则",
    "howto.complete_note": "本页为玩家讲解玩法。每个规则编号（如 {rule}）都可点开，跳到完整规则中的那一条；完整规则也列出了大厅里的每个选项。",
    "howto.back": "大厅",
    "howto.contents": "本页目录",
  },
});

/** The address of game `game`'s how-to page, or null for a game without one. */
export function howtoHref(game) {
  return gameNames().includes(game) ? `/?howto=${encodeURIComponent(game)}` : null;
}

/** A "How to play / 玩法" link to game `game`'s page (a new tab: the table stays open), or
 * null for a game without one. */
export function howtoLink(game, attrs = {}) {
  const href = howtoHref(game);
  return href ? h("a", { class: "btn small ghost howto-link", href, target: "_blank",
                         rel: "noopener", dataset: { game }, ...attrs }, t("howto.link")) : null;
}

const CARD = /^(?:[2-9TJQKA][SHCD]|SJ|BJ\*?)$/;
// a line break between two Chinese characters (or full-width marks) is no space: Chinese
// text runs on across the source's line breaks
const CJK_BREAK = /([\u2e80-\u9fff\uff00-\uffef])\n[ \t]*(?=[\u2e80-\u9fff\uff00-\uffef])/g;
const CARDS_BLOCK = /^```cards\b([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm;

/** Is `card` a trump of the example's `trump` suit (or "NT") and `level` rank? */
function trumpOf(card, { trump, level }) {
  if (!trump && !level) return false;
  if (isJoker(card)) return true;
  return card[0] === level || card[1] === trump;
}

/** One example line "AS AS KS | caption" as a figure of SVG cards and its caption. */
function example(line, marks, game) {
  const cut = line.indexOf(" | ");
  const cards = splitCards(cut < 0 ? line : line.slice(0, cut));
  const caption = cut < 0 ? "" : line.slice(cut + 3).trim();
  const good = cards.filter((c) => CARD.test(c));
  const bad = cards.filter((c) => !CARD.test(c));
  const captionNodes = caption ? renderMarkdown(caption, game).flatMap((b) => [...b.node.childNodes]) : [];
  return h("figure", { class: "howto-example", dataset: { cards: cards.join(" ") } },
    h("div", { class: "howto-cards", role: "img", "aria-label": cardsText(good, currentLang()) },
      good.map((c) => h("span", { class: "card small", dataset: { card: c } },
        cardFace(c, { trump: trumpOf(c, marks) })))),
    bad.length ? h("figcaption", { class: "error-line" }, bad.join(" ")) : null,
    captionNodes.length ? h("figcaption", {}, captionNodes) : null);
}

/** The page's markdown as nodes: the rules renderer for the text, SVG cards for the
 * `cards` blocks (each stands in the text as a paragraph placeholder while it is parsed). */
export function renderHowto(text, game) {
  const blocks = [];
  const source = text.replace(/\r\n?/g, "\n").replace(CJK_BREAK, "$1");
  const marked = source.replace(CARDS_BLOCK, (_, info, body) => {
    const marks = Object.fromEntries(info.trim().split(/\s+/).filter(Boolean)
      .map((kv) => kv.split("=")).filter((kv) => kv.length === 2));
    blocks.push(h("div", { class: "howto-examples" }, body.split("\n").map((l) => l.trim())
      .filter(Boolean).map((l) => example(l, marks, game))));
    return `\n@@cards-${blocks.length - 1}@@\n`;
  });
  return renderMarkdown(marked, game).map((b) => {
    const m = /^@@cards-(\d+)@@$/.exec(b.node.textContent.trim());
    return { ...b, node: b.node.tagName === "P" && m ? blocks[Number(m[1])] : b.node };
  });
}

export function showHowto(root, game, navigate) {
  let text = null;
  let textLang = null;
  let error = "";
  let alive = true;
  const view = h("div", { class: "howto-page rules-page", id: "howto-page",
                          dataset: { game, ready: "0", lang: "" } });
  clear(root).append(view);

  const go = inPage(navigate);

  function render() {
    if (!alive) return;
    clear(view);
    const games = gameNames();
    view.append(h("nav", { class: "rules-docs howto-nav", "aria-label": t("howto.title") },
      h("a", { href: "/", class: "btn ghost", onclick: (e) => go(e, "/") }, `← ${t("howto.back")}`),
      games.map((g) => h("a", { href: howtoHref(g), dataset: { game: g },
                                class: `rules-doc-link howto-game-link ${g === game ? "current" : ""}`,
                                onclick: (e) => go(e, howtoHref(g)) }, t(`rules.doc.${g}`))),
      games.includes(game) ? h("a", { href: `/?rules=${game}`, class: "btn small howto-complete",
                                      id: "howto-complete", onclick: (e) => go(e, `/?rules=${game}`) },
        `${t("howto.complete")} →`) : null));
    if (error) {
      view.append(h("div", { class: "panel", id: "howto-error" }, error));
      return;
    }
    if (text === null) {
      view.append(h("p", { class: "muted" }, t("howto.loading")));
      return;
    }
    const blocks = renderHowto(text, game);
    const body = h("div", { class: "md-body" }, blocks.map((b) => b.node));
    body.addEventListener("click", (e) => {
      const a = e.target.closest && e.target.closest("a[href^='/?rules=']");
      if (a) go(e, a.getAttribute("href"));
    });
    const toc = h("nav", { class: "rules-toc panel", id: "howto-toc" },
      h("h2", {}, t("howto.contents")),
      h("ol", {}, blocks.filter((b) => b.level === 2).map((b) =>
        h("li", {}, h("a", { href: `#${b.id}`, onclick: (e) => {
          e.preventDefault();
          view.querySelector(`#${CSS.escape(b.id)}`)?.scrollIntoView({ block: "start" });
        } }, b.title)))));
    const prefix = gameView(game).rulePrefix || "SJ";
    view.append(h("div", { class: "rules-layout" }, toc,
      h("article", { class: "rules-text howto-text panel", id: "howto-text",
                     lang: textLang === "zh" ? "zh-CN" : "en" },
        body,
        h("p", { class: "rules-note muted howto-note" }, t("howto.complete_note", { rule: `${prefix}-1` })))));
    view.dataset.lang = textLang;
    view.dataset.ready = "1";
  }

  function load() {
    const lang = currentLang();
    view.dataset.ready = "0";
    if (!gameNames().includes(game)) {
      error = t("howto.missing", { game });
      render();
      return;
    }
    fetch(`/static/howto/${encodeURIComponent(game)}.${lang}.md`).then(async (res) => {
      if (!res.ok) throw new Error(t("howto.missing", { game }));
      const body = await res.text();
      if (!alive || lang !== currentLang()) return; // the language changed meanwhile
      text = body;
      textLang = lang;
      error = "";
    }).catch((e) => {
      error = e.message;
    }).finally(() => {
      if (lang !== currentLang()) return;
      render();
      window.scrollTo(0, 0);
    });
  }

  render();
  load();
  const offLang = onLang(() => {
    render();
    load();
  });
  return {
    destroy() {
      alive = false;
      offLang();
    },
  };
}
