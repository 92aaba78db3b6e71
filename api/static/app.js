// Copy buttons: <button data-copy="#selector"> copies that element's text.
document.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-copy]");
  if (!button) return;
  const source = document.querySelector(button.dataset.copy);
  try {
    await navigator.clipboard.writeText(source.textContent);
    button.textContent = "Copied";
  } catch (error) {
    const range = document.createRange();
    range.selectNodeContents(source);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    button.textContent = "Selected: press Ctrl+C";
  }
});

// Speaker page corrections: each action calls the API with the editor's key
// (Authorization: Bearer), shows the API's message, and reloads on success.
const keyInput = document.querySelector("#api-key");
if (keyInput) {
  keyInput.value = sessionStorage.getItem("quotetrack-key") || "";
  keyInput.addEventListener("change", () => sessionStorage.setItem("quotetrack-key", keyInput.value.trim()));
}
const list = (text) => text.split(",").map((s) => s.trim()).filter(Boolean);

async function callApi(method, path, body, goTo) {
  const status = document.querySelector("#editor-status");
  const response = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${keyInput.value.trim()}` },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    const details = Object.keys(answer.errors || {}).length ? ` ${JSON.stringify(answer.errors)}` : "";
    status.textContent = `${answer.code} ${answer.status}: ${answer.message || ""}${details}`;
    return;
  }
  status.textContent = "Saved.";
  window.location.assign(goTo ? goTo(answer) : window.location.pathname + "?editor=1");
}

document.addEventListener("submit", (event) => {
  const form = event.target.closest("form[data-action]");
  if (!form) return;
  event.preventDefault();
  const id = form.dataset.speaker;
  const data = Object.fromEntries(new FormData(form));
  if (form.dataset.action === "update") {
    callApi("PATCH", `/api/v1/speakers/${id}`, {
      name: data.name, kind: data.kind, titles: list(data.titles), aliases: list(data.aliases),
      wikidata_id: data.wikidata_id.trim() || null,
    });
  } else if (form.dataset.action === "merge") {
    callApi("POST", `/api/v1/speakers/${id}/merge`, { into: data.into.trim() }, (s) => `/speakers/${s.slug}?editor=1`);
  } else if (form.dataset.action === "split") {
    const quotes = [...document.querySelectorAll(".split-pick:checked")].map((box) => Number(box.value));
    const body = data.name.trim() ? { quotes, name: data.name.trim() } : { quotes };
    callApi("POST", `/api/v1/speakers/${id}/split`, body, (s) => `/speakers/${s.slug}?editor=1`);
  }
});

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-quote-action]");
  if (!button) return;
  const path = `/api/v1/quotes/${button.dataset.quoteId}`;
  if (button.dataset.quoteAction === "reject") {
    callApi("PATCH", path, { status: "rejected" });
  } else {
    const who = button.parentElement.querySelector(".reattribute").value.trim();
    callApi("PATCH", path, { speaker: who });
  }
});
