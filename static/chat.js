// Small behaviours around htmx's ws extension: connection state, Enter to send, scrolling.
(function () {
  function status(text, cls) {
    var el = document.getElementById("connection");
    if (el) { el.textContent = text; el.className = "connection " + (cls || ""); }
  }
  document.addEventListener("htmx:wsOpen", function () { status("Connected", "ok"); });
  document.addEventListener("htmx:wsClose", function () {
    status("Disconnected — reconnecting…", "bad");
  });
  document.addEventListener("htmx:wsError", function () { status("Connection error", "bad"); });
  document.addEventListener("htmx:wsAfterSend", function () {
    var errors = document.getElementById("chat-errors");
    if (errors) { errors.innerHTML = ""; }
  });
  document.addEventListener("htmx:wsAfterMessage", function (evt) {
    // Clear the box only once the server has stored the message: a refused message
    // (too long, binary...) stays in the box so nothing the user typed is lost.
    var data = evt.detail && evt.detail.message;
    if (typeof data === "string" && data.indexOf('class="message user') !== -1) {
      var form = document.getElementById("chat-form");
      if (form) { form.reset(); }
    }
    var list = document.getElementById("messages");
    if (list) { list.scrollTop = list.scrollHeight; }
  });
  document.addEventListener("keydown", function (evt) {
    if (evt.target && evt.target.id === "message-input" && evt.key === "Enter" && !evt.shiftKey) {
      evt.preventDefault();
      evt.target.form.requestSubmit();
    }
  });
})();
