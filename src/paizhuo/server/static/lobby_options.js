// The lobby's rules choice: a preset, the options a host usually changes up front, and every
// other option of the game under "more rules" — all described by the server
// (GET /api/games/kinds → options: fields, presets, main; read from the engine's options).
import { h } from "./dom.js";
import { addStrings, t } from "./i18n.js";
import { ruleHref } from "./links.js";

addStrings({
  en: {
    "opt.more": "More rules",
    "bot.easy": "easy",
    "bot.normal": "normal",
    "bot.hard": "hard — searches (slower)",
    "bot.random": "random",
    "bot.uniform": "uniform random",
    "bot.greedy": "greedy",
    "bot.heuristic": "seasoned",
    "bot.search": "search (slower)",
    "bot.dmc": "learned (self-play)",
    "bot.search-dmc": "search with learned beliefs (slower)",
    "opt.reset": "Back to the preset",
    "opt.changed": "{n} changed",
    "opt.fixed": "Set by the preset",
    "opt.on": "on",
    "opt.off": "off",
    "optname.start_level": "Starting level",
    "optname.allow_throws": "Throws 甩牌",
    "optname.kitty_multiplier": "Kitty multiplier 抠底",
    "optname.take_backs": "Take-backs 悔牌",
    "optname.series": "Games in a series",
    "optname.burn": "Burning 烧牌",
    "optname.revolution": "Revolution 革命",
    "optname.tribute": "Tribute 进贡",
    "optname.advice": "Teammate advice 挑牌",
    "optname.seize": "Seizing 抢庄",
    "optname.yield": "Yielding 让牌",
    "optname.claim": "Claiming the lead 接风",
    "optname.extra_card": "The 216th card",
  },
  zh: {
    "opt.more": "更多规则",
    "bot.easy": "简单",
    "bot.normal": "普通",
    "bot.hard": "困难（会推算，较慢）",
    "bot.random": "随机",
    "bot.uniform": "纯随机",
    "bot.greedy": "贪心",
    "bot.heuristic": "老手",
    "bot.search": "推算（较慢）",
    "bot.dmc": "自学（自我对弈）",
    "bot.search-dmc": "推算·自学判断（较慢）",
    "opt.reset": "恢复预设",
    "opt.changed": "已改 {n} 项",
    "opt.fixed": "由预设决定",
    "opt.on": "开",
    "opt.off": "关",
    "optname.start_level": "起始级",
    "optname.allow_throws": "甩牌",
    "optname.kitty_multiplier": "抠底倍数",
    "optname.take_backs": "悔牌",
    "optname.series": "一轮局数",
    "optname.burn": "烧牌",
    "optname.revolution": "革命",
    "optname.tribute": "进贡",
    "optname.advice": "挑牌",
    "optname.seize": "抢庄",
    "optname.yield": "让牌",
    "optname.claim": "接风",
    "optname.extra_card": "第216张牌",
  },
});

/** The label of a preset ("拖拉机 Tractor — 4 players, 2 decks"); its id when none is known. */
export function presetLabel(game, preset) {
  const key = `preset.${game}.${preset}`;
  const label = t(key);
  return label === key ? preset : label;
}

function optionName(name) {
  const key = `optname.${name}`;
  const label = t(key);
  return label === key ? name.replace(/_/g, " ") : label;
}

/** A choice's value in words (`optval.<option>.<value>`, in a game's `games/<game>/options.js`);
 * the value itself when none is known. */
function valueLabel(name, value) {
  const key = `optval.${name}.${value}`;
  const label = t(key);
  return label === key ? String(value).replace(/_/g, " ") : label;
}

/** An option's help: this language's words (`opthelp.<game>.<option>`) where they exist, else
 * the engine's own (English) docstring. */
function helpOf(game, f) {
  const key = `opthelp.${game}.${f.name}`;
  const text = t(key);
  return text === key ? f.help : text;
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function parseValue(field, text) {
  if (field.kind === "int") {
    const n = Number(text);
    return Number.isInteger(n) ? n : text; // the server names what is wrong
  }
  if (field.kind === "list") return text.split(/[\s,]+/).filter(Boolean);
  if (field.kind === "map") {
    const out = {};
    for (const pair of text.split(/[\s,]+/).filter(Boolean)) {
      const [k, v] = pair.split(/[:=]/);
      out[k] = Number(v);
    }
    return out;
  }
  return text;
}

function showValue(field, value) {
  if (field.kind === "list") return (value || []).join(", ");
  if (field.kind === "map") return Object.entries(value || {}).map(([k, v]) => `${k}:${v}`).join(" ");
  if (field.kind === "bool") return value ? t("opt.on") : t("opt.off");
  if (field.choices) return valueLabel(field.name, value);
  return String(value);
}

/**
 * The rules part of the create form. `kind` is the game's entry of /api/games/kinds,
 * `state` `{preset, options, open}` (options: the changed values only); `onChange()` after
 * every change. Returns a node.
 */
export function optionsForm(kind, state, onChange) {
  const desc = kind && kind.options;
  const wrap = h("div", { class: "rules-choice", id: "lobby-rules" });
  if (!desc) return wrap;
  const base = desc.presets[state.preset] || Object.values(desc.presets)[0] || {};
  const value = (f) => (f.name in state.options ? state.options[f.name] : base[f.name]);

  function set(f, v) {
    if (same(v, base[f.name])) delete state.options[f.name];
    else state.options[f.name] = v;
    onChange();
  }

  function control(f) {
    const id = `opt-${f.name}`;
    const v = value(f);
    if (f.kind === "bool") {
      return h("input", { type: "checkbox", id, checked: !!v, onchange: (e) => set(f, e.target.checked) });
    }
    if (f.choices) {
      const sel = h("select", { id, onchange: (e) => set(f, e.target.value) },
        f.choices.map((c) => h("option", { value: c, selected: c === v }, valueLabel(f.name, c))));
      sel.value = v;
      return sel;
    }
    return h("input", { id, type: f.kind === "int" ? "number" : "text", value: showValue(f, v),
                        onchange: (e) => set(f, parseValue(f, e.target.value)) });
  }

  function row(f) {
    const href = ruleHref(f.rule);
    const changed = f.name in state.options;
    return h("div", { class: `opt-row ${changed ? "changed" : ""}`, dataset: { option: f.name } },
      h("label", { class: "opt-label", for: `opt-${f.name}`, title: helpOf(kind.name, f) }, optionName(f.name)),
      control(f),
      // the help is a tooltip, and the rule id opens the rule: a line that appeared on focus
      // or hover would move the rows under the pointer
      href ? h("a", { class: "opt-rule", href, target: "_blank", rel: "noopener", title: helpOf(kind.name, f) }, f.rule) : null);
  }

  const fields = desc.fields.filter((f) => !f.preset_only);
  const main = desc.main.map((n) => fields.find((f) => f.name === n)).filter(Boolean);
  const rest = fields.filter((f) => !desc.main.includes(f.name));
  const fixed = desc.fields.filter((f) => f.preset_only);
  const changed = Object.keys(state.options).length;
  wrap.append(h("div", { class: "opt-main" }, main.map(row)));
  const more = h("details", { class: "opt-more", id: "more-rules", open: state.open || null,
                              ontoggle: (e) => { state.open = e.target.open; } },
    h("summary", {}, t("opt.more"), changed ? ` · ${t("opt.changed", { n: changed })}` : ""),
    fixed.length ? h("p", { class: "muted opt-fixed" }, `${t("opt.fixed")}: ` +
      fixed.map((f) => `${optionName(f.name)} ${showValue(f, base[f.name])}`).join(" · ")) : null,
    rest.map(row),
    changed ? h("button", { type: "button", class: "btn small", id: "opt-reset",
                            onclick: () => { for (const k of Object.keys(state.options)) delete state.options[k]; onChange(); } },
      t("opt.reset")) : null);
  wrap.append(more);
  return wrap;
}


