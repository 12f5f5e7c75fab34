// How the table looks and sounds, apart from the rules: a seat's avatar (drawn here, never
// downloaded), a bot's display name, a seat's number and direction as people say them, the
// slide of a play onto the felt, and the optional sounds (made with the Web Audio API).
//
// Nothing here changes what is sent to the server or stored: a bot's internal name
// (`greedy`, `normal` …) stays the protocol's `bot` field and the records'; seats stay 0-based
// in messages and records (docs/rules/records.md), people read them as 1–N.
import { splitCards } from "./cards.js";
import { addStrings, t } from "./i18n.js";

addStrings({
  en: {
    "look.bot_who": "Bot {who}",
    "look.bot_strength": " ({strength})",
    "look.seat": "Seat {n}",
    "look.seat_where": "Seat {n} ({where})",
    "look.where.you": "you",
    "look.where.right": "right",
    "look.where.across": "across",
    "look.where.left": "left",
    "look.where.upper_right": "upper right",
    "look.where.upper_left": "upper left",
    "look.won": "takes it",
    "look.sound": "Sound",
    "look.sound_on": "Sound on",
    "look.sound_title": "Sounds for your turn, a 够级 and a bomb-like play",
    "look.strength.random": "random",
    "look.strength.uniform": "random",
    "look.strength.greedy": "greedy",
    "look.strength.heuristic": "seasoned",
    "look.strength.search": "thinker",
    "look.strength.dmc": "learned",
    "look.strength.search-dmc": "thinker",
    "look.strength.easy": "easy",
    "look.strength.normal": "normal",
    "look.strength.hard": "hard",
  },
  zh: {
    "look.bot_who": "机器人·{who}",
    "look.bot_strength": "（{strength}）",
    "look.seat": "{n}号位",
    "look.seat_where": "{n}号位（{where}）",
    "look.where.you": "你",
    "look.where.right": "下家",
    "look.where.across": "对家",
    "look.where.left": "上家",
    "look.where.upper_right": "右上",
    "look.where.upper_left": "左上",
    "look.won": "本轮最大",
    "look.sound": "声音",
    "look.sound_on": "声音开",
    "look.sound_title": "轮到你、够级和炸弹类出牌时的提示音",
    "look.strength.random": "随机",
    "look.strength.uniform": "随机",
    "look.strength.greedy": "贪心",
    "look.strength.heuristic": "老手",
    "look.strength.search": "推算",
    "look.strength.dmc": "自学",
    "look.strength.search-dmc": "推算",
    "look.strength.easy": "简单",
    "look.strength.normal": "普通",
    "look.strength.hard": "困难",
  },
});

// a bot's given name, by language; a table's bots take consecutive ones (so two bots at one
// table never share a name) from a start drawn from the table's id
const BOT_WHO = [
  ["小张", "Zhang"], ["小王", "Wang"], ["小李", "Li"], ["小赵", "Zhao"], ["小刘", "Liu"],
  ["小陈", "Chen"], ["小杨", "Yang"], ["小黄", "Huang"], ["小周", "Zhou"], ["小吴", "Wu"],
];
const AVATAR_COLORS = ["#b5523b", "#3b7fb5", "#4c9a5a", "#8d5bb0", "#c08a2b", "#2f8f8a",
                       "#b54a7a", "#6a7d2f", "#5a66c4", "#a0603a"];

/** A small stable hash of a string (FNV-1a, 32 bits). */
export function hashOf(text) {
  let x = 0x811c9dc5;
  for (const ch of String(text)) {
    x ^= ch.codePointAt(0);
    x = Math.imul(x, 0x01000193) >>> 0;
  }
  return x >>> 0;
}

/** Which of the bots' given names seat `seat` of table `tableId` has (also its avatar's key). */
export function botWho(tableId, seat) {
  return (hashOf(tableId || "") + seat) % BOT_WHO.length;
}

/** A bot's display name at seat `seat` of table `tableId`, by its strength `bot`
 * ("机器人·小张（普通）" / "Bot Zhang (normal)"): the same for the seat all the table long. */
export function botName(tableId, seat, bot, lang) {
  const { who, strength } = botNameParts(tableId, seat, bot, lang);
  return who + strength;
}

/** The two parts of `botName`: who ("机器人·小张" / "Bot Zhang"), the strength written after
 * it ("（普通）" / " (normal)"), and the strength's bare word ("普通"), so that a narrow seat
 * can show the name on one line and the strength elsewhere. */
export function botNameParts(tableId, seat, bot, lang) {
  const [zh, en] = BOT_WHO[botWho(tableId, seat)];
  const key = `look.strength.${bot}`;
  const word = t(key) === key ? String(bot || "") : t(key);
  return { who: t("look.bot_who", { who: lang === "zh" ? zh : en }),
           strength: t("look.bot_strength", { strength: word }), word };
}

/** Where seat `i` sits seen from seat `ref` at a table of `n` (play goes to the right:
 * the next seat is 下家, the one before 上家, the middle one 对家), or "" for `ref` itself. */
export function seatWhere(i, ref, n) {
  if (ref === null || ref === undefined || !(n > 1)) return "";
  const k = (((i - ref) % n) + n) % n;
  if (k === 0) return "you";
  if (2 * k === n) return "across";
  if (k === 1) return "right";
  if (k === n - 1) return "left";
  return 2 * k < n ? "upper_right" : "upper_left";
}

/** Seat `i` (0-based) as people read it: "Seat 3 (across)" / "3号位（对家）" seen from `ref`;
 * "Seat 3" with no `ref`. */
export function seatLabel(i, ref, n) {
  const where = seatWhere(i, ref, n);
  return where ? t("look.seat_where", { n: i + 1, where: t(`look.where.${where}`) })
    : t("look.seat", { n: i + 1 });
}

/** A round SVG avatar for a person of name `name` (initials on a colour of the name), or a
 * drawn face for a bot (`bot` true): the same name gives the same avatar. */
export function avatar(name, { bot = false, size = 28 } = {}) {
  const SVG = "http://www.w3.org/2000/svg";
  const key = hashOf(name || "?");
  const el = (tag, attrs) => {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    return node;
  };
  const svg = el("svg", { viewBox: "0 0 40 40", width: size, height: size, class: "avatar",
                          "aria-hidden": "true" });
  svg.dataset.avatar = String(key);
  svg.append(el("circle", { cx: 20, cy: 20, r: 19, fill: AVATAR_COLORS[key % AVATAR_COLORS.length] }));
  if (bot) {
    // a drawn face: eyes and mouth vary with the name
    const eye = 2 + (key >> 4) % 2;
    svg.append(el("rect", { x: 9, y: 11, width: 22, height: 18, rx: 5, fill: "#f2efe6" }));
    svg.append(el("circle", { cx: 15, cy: 18, r: eye, fill: "#1b1b1f" }));
    svg.append(el("circle", { cx: 25, cy: 18, r: eye, fill: "#1b1b1f" }));
    const smile = (key >> 6) % 3;
    svg.append(el("path", { d: smile === 0 ? "M15 24 Q20 27 25 24" : smile === 1 ? "M15 25 L25 25"
      : "M15 24 Q20 28 25 24", stroke: "#1b1b1f", "stroke-width": 1.6, fill: "none" }));
    svg.append(el("line", { x1: 20, y1: 11, x2: 20, y2: 6, stroke: "#f2efe6", "stroke-width": 2 }));
    svg.append(el("circle", { cx: 20, cy: 5, r: 2, fill: "#f2efe6" }));
    return svg;
  }
  const text = el("text", { x: 20, y: 25.5, "text-anchor": "middle", class: "avatar-initials",
                            fill: "#fff" });
  text.textContent = initials(name);
  svg.append(text);
  return svg;
}

/** One or two letters of a name: a Chinese name's first character, else its initials. */
export function initials(name) {
  const words = String(name || "?").trim().split(/\s+/).filter(Boolean);
  if (!words.length) return "?";
  const first = [...words[0]][0];
  if (/[\u3400-\u9fff]/.test(first)) return first;
  const second = words.length > 1 ? [...words[1]][0] : [...words[0]][1] || "";
  return (first + second).toUpperCase();
}

// -- the slide of a play onto the felt ---------------------------------------------------

export const SLIDE_MS = 320;

/** How long ago (ms) the play `key` was first drawn; a play seen for the first time starts
 * now. `seen` is a Map kept by the page (it forgets all but the newest plays). */
export function slideAge(seen, key) {
  const now = performance.now();
  if (!seen.has(key)) {
    seen.set(key, now);
    if (seen.size > 64) seen.delete(seen.keys().next().value);
  }
  return now - seen.get(key);
}

// -- sounds ----------------------------------------------------------------------------

const SOUND_KEY = "paizhuo.sound";
let audio = null;

/** Whether the player turned the sounds on (off until then; remembered in this browser). */
export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

/** Turn the sounds on or off; turning them on (a click: browsers let a page start its audio
 * only then) makes the page's AudioContext. */
export function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  if (on) context();
}

function context() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  if (!audio) audio = new Ctx();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

// each sound: [frequency Hz, start s, length s] notes of one timbre
const SOUNDS = {
  turn: { type: "sine", notes: [[660, 0, 0.12], [880, 0.12, 0.16]], gain: 0.18 },
  gouji: { type: "triangle", notes: [[523, 0, 0.1], [659, 0.09, 0.1], [784, 0.18, 0.1], [1047, 0.27, 0.22]], gain: 0.2 },
  bomb: { type: "sawtooth", notes: [[110, 0, 0.35], [82, 0.05, 0.45]], gain: 0.22 },
};

/** Play sound `kind` ("turn", "gouji", "bomb") if the sounds are on. */
export function playSound(kind) {
  const spec = SOUNDS[kind];
  if (!spec || !soundOn()) return;
  const ac = context();
  if (!ac) return;
  const t0 = ac.currentTime + 0.01;
  for (const [freq, start, length] of spec.notes) {
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.type = spec.type;
    osc.frequency.setValueAtTime(freq, t0 + start);
    gain.gain.setValueAtTime(0.0001, t0 + start);
    gain.gain.exponentialRampToValueAtTime(spec.gain, t0 + start + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
    osc.connect(gain).connect(ac.destination);
    osc.start(t0 + start);
    osc.stop(t0 + start + length + 0.02);
  }
}

/** Whether a play sounds like a bomb: jokers alone, two or more (王炸 and its kin, the top
 * of every climbing game here). A game may say otherwise with its `sound` hook. */
export function bombLike(cards) {
  const list = splitCards(cards);
  return list.length >= 2 && list.every((c) => c === "SJ" || c === "BJ" || c === "BJ*");
}
