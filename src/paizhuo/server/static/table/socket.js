// The table's websocket: connect (and reconnect, waiting longer each time), send with a ref.
// What arrives is handed to `onMessage` (./messages.js); docs/protocol.md is the contract.
import { t } from "../i18n.js";

/** Open the socket of table `ctx.key`; every message parsed from it goes to `onMessage`. */
export function connect(ctx, onMessage) {
  const { s } = ctx;
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(ctx.key)}`);
  s.ws = ws;
  ws.onopen = () => {
    ws.send(JSON.stringify({ type: "ping", ref: "clock" }));
    s.connected = true;
    s.everConnected = true;
    s.retry = 0;
    s.awaitingJoin = false;
    s.bound = false;
    ctx.render();
  };
  ws.onmessage = (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    onMessage(msg);
  };
  ws.onclose = (ev) => {
    if (s.ws !== ws) return;
    s.connected = false;
    if (s.destroyed) return;
    if (ev.code === 4404) {
      s.message = { kind: "error", text: t("error", { message: ev.reason || "not found" }) };
      ctx.render();
      return;
    }
    ctx.render();
    const wait = Math.min(5000, 300 * 2 ** s.retry++);
    setTimeout(() => { if (!s.destroyed) connect(ctx, onMessage); }, wait);
  };
}

/** A sender of messages on `ctx.s.ws`: each gets a fresh ref, returned (null: not open). */
export function sender(ctx) {
  let refCount = 0;
  return (type, fields = {}) => {
    const ws = ctx.s.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return null;
    const ref = `r${++refCount}`;
    ws.send(JSON.stringify({ type, ref, ...fields }));
    return ref;
  };
}
