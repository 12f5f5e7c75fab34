// Baohuang 保皇: the words of its rules in the lobby (../../lobby_options.js), in English and
// Chinese — each option's name (`optname.<option>`), each value of a choice
// (`optval.<option>.<value>`) and, in 中文, each option's help (`opthelp.baohuang.<option>`; in
// English the help is the engine's own docstring, sent by GET /api/games/kinds). Imported for
// its effect by ../baohuang.js.
import { addStrings } from "../../i18n.js";

addStrings({
  en: {
    "optval.extra_card.emperor": "goes to the emperor",
    "optval.extra_card.remove": "out of play",
    "optname.forced_call": "Forced call 逼庄",
  },
  zh: {
    "optval.extra_card.emperor": "归皇帝",
    "optval.extra_card.remove": "拿掉不用",
    "optname.forced_call": "逼庄",
    "opthelp.baohuang.extra_card": "第 216 张牌：皇帝确定后归皇帝（默认），或拿掉不用。",
    "opthelp.baohuang.seize": "叫保之前可以抢庄，抢走皇帝牌（默认开）。",
    "opthelp.baohuang.forced_call": "皇帝牌转一圈没人要时，第一个正好有三张相同牌的人必须逼庄（默认开）；关：本局直接黄庄。",
    "opthelp.baohuang.yield": "第一圈可以让牌（默认开）。",
    "opthelp.baohuang.claim": "有人出完最后一手牌、无人管时，下家可以申请接风（默认开）。",
  },
});
