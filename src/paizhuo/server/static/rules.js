// The rules pages: docs/rules/*.md as the server serves them (/api/rules/<doc>), drawn by a
// small markdown renderer that builds DOM nodes (text only through textContent, never HTML),
// at "/?rules=<doc>#<rule id>". Every rule id heading (SJ-8, GJ-5.2 …) is an anchor; the one in
// the address is scrolled to and highlighted. The rules text is English; the page's own
// labels are in both languages.
import { clear, h, inPage } from "./dom.js";
import { gameNames, rulePrefixes, rulesDocOf } from "./games/index.js";
import { addStrings, onLang, t } from "./i18n.js";

addStrings({
  en: {
    "rules.title": "Rules",
    "rules.contents": "Contents",
    "rules.loading": "Loading the rules…",
    "rules.missing": "No such rules page: {doc}",
    "rules.unknown_rule": "There is no rule {rule} on this page.",
    "rules.english": "The rules text is in English; the game terms keep their Chinese names.",
    "rules.back": "Lobby",
    "rules.doc.README": "Overview",
    "rules.doc.records": "Records 牌谱",
    "rules.top": "Top",
  },
  zh: {
    "rules.title": "规则",
    "rules.contents": "目录",
    "rules.loading": "正在加载规则…",
    "rules.missing": "没有这个规则页：{doc}",
    "rules.unknown_rule": "本页没有规则 {rule}。",
    "rules.english": "规则正文为英文，牌戏术语保留中文。",
    "rules.back": "大厅",
    "rules.doc.README": "总览",
    "rules.doc.records": "牌谱",
    "rules.top": "回到顶部",
  },
});

// the overview, each game's rules (its module names its page `rules.doc.<game>`), records
export const RULE_DOCS = ["README", ...gameNames(), "records"];
// a rule id of any game ("SJ-8", "GJ-5.2"): the prefixes are the game modules' `rulePrefix`
const RULE_ID_TEXT = `(?:${rulePrefixes().join("|")})-\\d+(?:\\.\\d+)*`;
const RULE_ID = new RegExp(`^(${RULE_ID_TEXT})\\b`);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(text) {
  return text.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

// -- inline text --------------------------------------------------------------------------

/** A markdown link target as a page of this app: another rules doc (and its anchor), an
 * anchor of this page; null for a file outside the rules reference. */
function linkTarget(href, doc) {
  if (/^https?:\/\//.test(href)) return { href, external: true };
  if (href.startsWith("#")) return { href: `/?rules=${doc}${href}` };
  const m = /^([A-Za-z]+)\.md(#.*)?$/.exec(href);
  if (m && RULE_DOCS.includes(m[1])) return { href: `/?rules=${m[1]}${m[2] || ""}` };
  return null;
}

function ruleMentionHref(rule) {
  const target = rulesDocOf(rule.slice(0, rule.indexOf("-")));
  return `/?rules=${target}#${rule}`;
}

/** Inline markdown to nodes: `code`, **strong**, *em*, _em_, [links](…), and rule ids such
 * as (SJ-11) as links to their rule. */
function inline(text, doc) {
  const out = [];
  let buf = "";
  const flush = () => {
    if (buf) out.push(...mentions(buf, doc));
    buf = "";
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "\\" && i + 1 < text.length && /[\\`*_[\]()#|<>!-]/.test(text[i + 1])) {
      buf += text[i + 1];
      i += 2;
      continue;
    }
    if (c === "`") {
      let n = 1;
      while (text[i + n] === "`") n++;
      const fence = "`".repeat(n);
      const end = text.indexOf(fence, i + n);
      if (end > 0) {
        flush();
        out.push(h("code", {}, text.slice(i + n, end).replace(/^ (.*) $/, "$1")));
        i = end + n;
        continue;
      }
    }
    if ((c === "*" && text[i + 1] === "*") || (c === "_" && text[i + 1] === "_")) {
      const mark = c + c;
      const end = text.indexOf(mark, i + 2);
      if (end > i + 2) {
        flush();
        out.push(h("strong", {}, inline(text.slice(i + 2, end), doc)));
        i = end + 2;
        continue;
      }
    }
    if ((c === "*" || c === "_") && text[i + 1] && text[i + 1] !== " " &&
        (c === "*" || i === 0 || /[\s(]/.test(text[i - 1]))) {
      const end = findClose(text, c, i + 1);
      if (end > i + 1) {
        flush();
        out.push(h("em", {}, inline(text.slice(i + 1, end), doc)));
        i = end + 1;
        continue;
      }
    }
    if (c === "[") {
      const close = text.indexOf("](", i);
      const end = close > 0 ? text.indexOf(")", close + 2) : -1;
      if (close > 0 && end > 0 && !text.slice(i + 1, close).includes("[")) {
        flush();
        const label = inline(text.slice(i + 1, close), doc);
        const href = text.slice(close + 2, end).trim();
        const target = linkTarget(href, doc);
        if (target) {
          out.push(h("a", { href: target.href, class: "md-link",
                            ...(target.external ? { target: "_blank", rel: "noopener" } : {}) },
            label));
        } else {
          // a page outside the rules reference (the engine's design notes): named, not linked
          out.push(h("span", { class: "md-offsite", title: href }, label));
        }
        i = end + 1;
        continue;
      }
    }
    buf += c;
    i++;
  }
  flush();
  return out;
}

function findClose(text, mark, from) {
  for (let j = from; j < text.length; j++) {
    if (text[j] === "`") {
      const e = text.indexOf("`", j + 1);
      if (e < 0) return -1;
      j = e;
      continue;
    }
    if (text[j] === mark && text[j - 1] !== " " && (mark === "*" || !/\w/.test(text[j + 1] || ""))) {
      return j;
    }
  }
  return -1;
}

/** Plain text with its rule ids (SJ-4, GJ-5.2) made links to their rules. */
function mentions(text, doc) {
  const out = [];
  const re = new RegExp(`\\b${RULE_ID_TEXT}(?![\\w-])`, "g");
  let last = 0;
  let m;
  while ((m = re.exec(text))) {
    let id = m[0];
    if (id.endsWith(".")) id = id.slice(0, -1);
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(h("a", { href: ruleMentionHref(id), class: "rule-mention" }, id));
    last = m.index + id.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

// -- blocks -------------------------------------------------------------------------------

function splitRow(line) {
  let s = line.trim();
  if (s.startsWith("|")) s = s.slice(1);
  if (s.endsWith("|") && !s.endsWith("\\|")) s = s.slice(0, -1);
  const cells = [];
  let cur = "";
  let inCode = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "\\" && s[i + 1] === "|") {
      cur += "|";
      i++;
    } else if (c === "`") {
      inCode = !inCode;
      cur += c;
    } else if (c === "|" && !inCode) {
      cells.push(cur.trim());
      cur = "";
    } else {
      cur += c;
    }
  }
  cells.push(cur.trim());
  return cells;
}

const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;

/** Parse markdown into a list of block nodes (headings carry their level and anchor). */
export function renderMarkdown(text, doc) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const blocks = [];
  const used = new Set();
  let i = 0;
  const isBlank = (l) => !l || !l.trim();
  const startsBlock = (l) => /^(#{1,6})\s/.test(l) || /^```/.test(l) || /^\s*\|/.test(l) ||
    LIST_ITEM.test(l) || /^>\s?/.test(l) || /^(-{3,}|\*{3,})\s*$/.test(l);

  function list(indent) {
    // items at this indent; deeper lines belong to the item above
    const first = LIST_ITEM.exec(lines[i]);
    const ordered = /\d/.test(first[2]);
    const node = h(ordered ? "ol" : "ul", { class: "md-list" });
    if (ordered && parseInt(first[2], 10) !== 1) node.setAttribute("start", String(parseInt(first[2], 10)));
    while (i < lines.length) {
      const m = LIST_ITEM.exec(lines[i]);
      if (!m || m[1].length !== indent) break;
      i++;
      let para = m[3];
      const li = h("li", {});
      const children = [];
      while (i < lines.length) {
        const l = lines[i];
        if (isBlank(l)) {
          // a blank line ends the list unless the next line goes on inside it
          const next = lines[i + 1];
          if (next && (next.length - next.trimStart().length) > indent && !isBlank(next)) {
            i++;
            continue;
          }
          break;
        }
        const sub = LIST_ITEM.exec(l);
        if (sub && sub[1].length > indent) {
          children.push(list(sub[1].length));
          continue;
        }
        if (sub) break;
        const lead = l.length - l.trimStart().length;
        if (lead <= indent && startsBlock(l)) break;
        if (children.length) children.push(h("p", {}, inline(l.trim(), doc)));
        else para += " " + l.trim();
        i++;
      }
      li.append(...inline(para, doc), ...children);
      node.append(li);
      if (i < lines.length && isBlank(lines[i])) {
        const next = lines[i + 1];
        const nm = next ? LIST_ITEM.exec(next) : null;
        if (nm && nm[1].length === indent) i++;
        else break;
      }
    }
    return node;
  }

  while (i < lines.length) {
    const line = lines[i];
    if (isBlank(line)) {
      i++;
      continue;
    }
    let m;
    if ((m = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line))) {
      const level = m[1].length;
      const title = m[2];
      const rule = RULE_ID.exec(title);
      let id = rule ? rule[1] : slug(title);
      if (used.has(id)) {
        let n = 1;
        while (used.has(`${id}-${n}`)) n++;
        id = `${id}-${n}`;
      }
      used.add(id);
      const node = h(`h${level}`, { id, class: rule ? "md-h rule-heading" : "md-h" });
      if (rule) {
        node.dataset.rule = rule[1];
        node.append(h("a", { class: "rule-anchor", href: `/?rules=${doc}#${rule[1]}` }, rule[1]),
          " ", ...inline(title.slice(rule[1].length).trim(), doc));
      } else {
        node.append(...inline(title, doc));
      }
      blocks.push({ level, id, rule: rule ? rule[1] : null, title, node });
      i++;
      continue;
    }
    if (/^```/.test(line)) {
      const lang = line.slice(3).trim();
      const body = [];
      i++;
      while (i < lines.length && !/^```/.test(lines[i])) body.push(lines[i++]);
      i++;
      blocks.push({ node: h("pre", { class: "md-code" }, h("code", { class: lang ? `lang-${lang}` : null }, body.join("\n"))) });
      continue;
    }
    if (/^\s*\|/.test(line) && i + 1 < lines.length && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1])) {
      const head = splitRow(line);
      const aligns = splitRow(lines[i + 1]).map((c) =>
        (c.endsWith(":") ? (c.startsWith(":") ? "center" : "right") : null));
      i += 2;
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(splitRow(lines[i++]));
      const cell = (tag, text, k) => h(tag, { style: aligns[k] ? `text-align:${aligns[k]}` : null },
        inline(text, doc));
      blocks.push({ node: h("div", { class: "md-table-wrap" }, h("table", { class: "md-table" },
        h("thead", {}, h("tr", {}, head.map((c, k) => cell("th", c, k)))),
        h("tbody", {}, rows.map((r) => h("tr", {}, head.map((_, k) => cell("td", r[k] ?? "", k))))))) });
      continue;
    }
    if ((m = LIST_ITEM.exec(line))) {
      blocks.push({ node: list(m[1].length) });
      continue;
    }
    if (/^>\s?/.test(line)) {
      const body = [];
      while (i < lines.length && /^>\s?/.test(lines[i])) body.push(lines[i++].replace(/^>\s?/, ""));
      const inner = renderMarkdown(body.join("\n"), doc).map((b) => b.node);
      blocks.push({ node: h("blockquote", { class: "md-quote" }, inner) });
      continue;
    }
    if (/^(-{3,}|\*{3,})\s*$/.test(line)) {
      blocks.push({ node: h("hr", {}) });
      i++;
      continue;
    }
    const para = [];
    while (i < lines.length && !isBlank(lines[i]) && !(para.length && startsBlock(lines[i]))) {
      para.push(lines[i].trim());
      i++;
    }
    blocks.push({ node: h("p", {}, inline(para.join(" "), doc)) });
  }
  return blocks;
}

/** The blocks in sections: each heading opens a section holding what follows it up to the
 * next heading of its level or above (a rule's section holds its sub-rules). */
function sectioned(blocks) {
  const top = h("div", { class: "md-body" });
  const stack = [{ level: 0, node: top }];
  for (const b of blocks) {
    if (b.level) {
      while (stack[stack.length - 1].level >= b.level) stack.pop();
      const sec = h("section", { class: b.rule ? "md-section rule-section" : "md-section",
                                 dataset: b.rule ? { rule: b.rule } : {} });
      sec.append(b.node);
      stack[stack.length - 1].node.append(sec);
      stack.push({ level: b.level, node: sec });
    } else {
      stack[stack.length - 1].node.append(b.node);
    }
  }
  return top;
}

// -- the page -----------------------------------------------------------------------------

export function showRules(root, doc, navigate) {
  let text = null;
  let error = "";
  let alive = true;
  const view = h("div", { class: "rules-page", id: "rules-page", dataset: { doc, ready: "0" } });
  clear(root).append(view);

  const go = inPage(navigate);

  function render() {
    if (!alive) return;
    const y = window.scrollY;
    clear(view);
    const nav = h("nav", { class: "rules-docs", "aria-label": t("rules.title") },
      h("a", { href: "/", class: "btn ghost", onclick: (e) => go(e, "/") }, `← ${t("rules.back")}`),
      RULE_DOCS.map((d) => h("a", { href: `/?rules=${d}`, class: `rules-doc-link ${d === doc ? "current" : ""}`,
                                    dataset: { doc: d }, onclick: (e) => go(e, `/?rules=${d}`) },
        t(`rules.doc.${d}`))));
    view.append(nav);
    if (error) {
      view.append(h("div", { class: "panel", id: "rules-error" }, error));
      return;
    }
    if (text === null) {
      view.append(h("p", { class: "muted" }, t("rules.loading")));
      return;
    }
    const blocks = renderMarkdown(text, doc);
    const toc = h("nav", { class: "rules-toc panel", id: "rules-toc" },
      h("h2", {}, t("rules.contents")),
      h("ol", {}, blocks.filter((b) => b.level === 2 || b.level === 3).map((b) =>
        h("li", { class: `toc-${b.level}` },
          h("a", { href: `/?rules=${doc}#${b.id}`, dataset: { target: b.id },
                   onclick: (e) => go(e, `/?rules=${doc}#${b.id}`) }, b.title)))));
    const body = sectioned(blocks);
    body.addEventListener("click", (e) => {
      const a = e.target.closest && e.target.closest("a[href^='/?rules=']");
      if (a) go(e, a.getAttribute("href"));
    });
    view.append(h("div", { class: "rules-layout" }, toc,
      h("article", { class: "rules-text panel", id: "rules-text", lang: "en" },
        h("p", { class: "rules-note muted" }, t("rules.english")),
        h("div", { class: "rules-missing", id: "rules-missing", hidden: true }),
        body)));
    view.dataset.ready = "1";
    window.scrollTo(0, y);
  }

  /** Scroll to the anchor in the address and highlight its rule. */
  function focus() {
    if (text === null) return;
    for (const old of view.querySelectorAll(".rule-target")) old.classList.remove("rule-target");
    const missing = view.querySelector("#rules-missing");
    const id = decodeURIComponent(location.hash.replace(/^#/, ""));
    view.dataset.target = "";
    if (missing) missing.hidden = true;
    if (!id) {
      window.scrollTo(0, 0);
      return;
    }
    const target = document.getElementById(id);
    if (!target || !view.contains(target)) {
      if (missing) {
        missing.textContent = t("rules.unknown_rule", { rule: id });
        missing.hidden = false;
      }
      return;
    }
    const section = target.closest("section") || target;
    section.classList.add("rule-target");
    for (const a of view.querySelectorAll("#rules-toc a")) {
      a.classList.toggle("current", a.dataset.target === id);
    }
    view.dataset.target = id;
    target.scrollIntoView({ block: "start" });
  }

  const load = RULE_DOCS.includes(doc) ? fetch(`/api/rules/${encodeURIComponent(doc)}`)
    : Promise.reject(new Error(t("rules.missing", { doc })));
  load.then(async (res) => {
    if (!res.ok) throw new Error(t("rules.missing", { doc }));
    text = await res.text();
  }).catch((e) => {
    error = e.message;
  }).finally(() => {
    render();
    focus();
  });
  render();
  const offLang = onLang(render);
  return {
    doc,
    focus,
    destroy() {
      alive = false;
      offLang();
    },
  };
}
