// Small behaviours around htmx's ws extension: connection state, Enter to send, focus and
// scrolling, the length counter, the drawer on phones, and streamed tokens written once per
// frame instead of one DOM swap per token.
(function () {
  function byId(id) { return document.getElementById(id); }
  function status(text, cls) {
    var el = byId("connection");
    if (el) { el.textContent = text; el.className = "connection " + (cls || ""); }
  }
  function toLatest() {
    var list = byId("messages");
    if (list) { list.scrollTop = list.scrollHeight; }
  }
  function focusBox() {
    var box = byId("message-input");
    if (box) { box.focus(); }
  }
  var socket = null, current = null;  // the open socket; the reply being streamed
  function streaming(on) {
    var send = byId("send"), stop = byId("stop");
    if (send) { send.disabled = on; }
    if (stop) { stop.hidden = !on; }
    if (!on) { current = null; }
  }
  function count() {
    var box = byId("message-input"), out = byId("counter");
    if (!box || !out) { return; }
    var limit = parseInt(box.dataset.limit || "0", 10), n = box.value.length;
    // Shown near the limit only; past it the server refuses with a clear error and the text
    // stays in the box, so nothing is cut off silently.
    out.textContent = limit && n > limit * 0.8 ? n.toLocaleString() + " / " + limit.toLocaleString() : "";
    out.className = "counter" + (limit && n > limit ? " over" : "");
  }

  // Tokens: the server sends one small fragment per token. Appending each through htmx's
  // swap machinery made a 3,000-token reply take seconds to draw; they are collected here and
  // written into the reply once per animation frame. The fragments are escaped server-side.
  var TOKEN = /^<span id="reply-body-(\d+)" hx-swap-oob="beforeend">([\s\S]*)<\/span>$/;
  var pending = {}, scheduled = false;
  function flush() {
    scheduled = false;
    Object.keys(pending).forEach(function (id) {
      var body = byId("reply-body-" + id);
      if (body) { body.insertAdjacentHTML("beforeend", pending[id]); }
    });
    pending = {};
    toLatest();
  }
  var DONE = /id="reply-body-(\d+)" hx-swap-oob="innerHTML"/;
  document.addEventListener("htmx:wsBeforeMessage", function (evt) {
    var data = evt.detail && evt.detail.message;
    var done = typeof data === "string" && DONE.exec(data);
    if (done) { delete pending[done[1]]; }  // the finished reply replaces what streamed
    var found = typeof data === "string" && TOKEN.exec(data);
    if (!found) { return; }
    evt.preventDefault();  // written by flush()
    pending[found[1]] = (pending[found[1]] || "") + found[2];
    if (!scheduled) { scheduled = true; window.requestAnimationFrame(flush); }
  });

  document.addEventListener("htmx:wsOpen", function (evt) {
    socket = evt.detail && evt.detail.socketWrapper;
    status("Connected", "ok");
    toLatest();
  });
  document.addEventListener("htmx:wsClose", function () {
    status("Disconnected — reconnecting…", "bad");
    streaming(false);
  });
  document.addEventListener("htmx:wsError", function () { status("Connection error", "bad"); });
  document.addEventListener("htmx:wsAfterSend", function () {
    var errors = byId("chat-errors");
    if (errors) { errors.innerHTML = ""; }
  });
  document.addEventListener("htmx:wsAfterMessage", function (evt) {
    var data = evt.detail && evt.detail.message;
    if (typeof data !== "string") { return; }
    // Clear the box only once the server has stored the message: a refused message
    // (too long, binary...) stays in the box so nothing the user typed is lost.
    if (data.indexOf('class="message user') !== -1) {
      var starters = byId("starters");
      if (starters) { starters.remove(); }
      var form = byId("chat-form");
      if (form) { form.reset(); count(); focusBox(); }
    }
    var bot = /id="message-(\d+)" class="message bot/.exec(data);
    if (bot) { current = parseInt(bot[1], 10); streaming(true); }
    if (data.indexOf("data-done") !== -1 || data.indexOf('id="chat-errors"') !== -1) {
      if (Object.keys(pending).length) { flush(); }
      streaming(false);
    }
    toLatest();
  });
  document.addEventListener("keydown", function (evt) {
    if (evt.target && evt.target.id === "message-input" && evt.key === "Enter" && !evt.shiftKey) {
      evt.preventDefault();
      if (!byId("send").disabled) { evt.target.form.requestSubmit(); }
    }
  });
  document.addEventListener("input", function (evt) {
    if (evt.target && evt.target.id === "message-input") { count(); }
  });
  document.addEventListener("click", function (evt) {
    var el = evt.target;
    if (el && el.classList && el.classList.contains("starter")) {
      var box = byId("message-input");
      box.value = el.dataset.text;
      count();
      box.focus();
      return;
    }
    if (el && el.classList && el.classList.contains("copy")) {
      var body = byId(el.dataset.copy);
      if (body && navigator.clipboard) {
        navigator.clipboard.writeText(body.innerText).then(function () { el.textContent = "Copied"; });
      }
      return;
    }
    if (el && el.id === "jump") { toLatest(); return; }
    if (evt.target && evt.target.id === "stop" && socket && current !== null) {
      socket.send(JSON.stringify({ stop: current }));  // the server stores it as incomplete
      return;
    }
    var toggle = evt.target && evt.target.closest && evt.target.closest("#drawer-toggle");
    if (!toggle) { return; }
    var layout = byId("chat-layout");
    var open = layout.classList.toggle("drawer-open");
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
  });
  window.addEventListener("load", toLatest);
  // "Latest" appears once the user has scrolled up away from the newest messages.
  document.addEventListener("scroll", function (evt) {
    var list = byId("messages"), jump = byId("jump");
    if (!list || !jump || evt.target !== list) { return; }
    jump.hidden = list.scrollHeight - list.scrollTop - list.clientHeight < 200;
  }, true);
  document.addEventListener("DOMContentLoaded", function () {
    toLatest();  // a reloaded conversation opens at its latest message
    focusBox();
    count();
  });
})();
