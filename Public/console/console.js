// The release console: channels, the live rollout and its buttons, and adoption over the last 7 days, all
// through the admin API (docs/rollouts.md) with the token typed into this tab (kept in sessionStorage, sent
// only to this origin). Every value is inserted as text or as SVG attributes, never as markup.
"use strict";

const byId = (id) => document.getElementById(id);
const tokenKey = "packserve-console-token";
const colors = ["#0040a0", "#b3261e", "#0b6b2d", "#8a5a00", "#5f2a8a", "#00687a"];

/** An admin request with the tab's token; the parsed JSON, or an Error whose message is the server's detail. */
async function admin(method, path, body) {
  const headers = { Authorization: `Bearer ${sessionStorage.getItem(tokenKey) || ""}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let value = null;
  try { value = text ? JSON.parse(text) : null; } catch { value = null; }
  if (!response.ok) {
    const error = new Error((value && value.detail) || `HTTP ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return value;
}

function cell(row, text, className) {
  const td = document.createElement("td");
  td.textContent = String(text);
  if (className) td.className = className;
  row.append(td);
}

function rate(counts) {
  return counts.outcomes === 0 ? "–" : `${(100 * counts.failures / counts.outcomes).toFixed(1)} %`;
}

function renderChannels(channels, selected) {
  const body = byId("channels").tBodies[0];
  body.replaceChildren();
  const select = byId("channel");
  select.replaceChildren();
  for (const channel of channels) {
    const row = document.createElement("tr");
    cell(row, channel.name);
    cell(row, channel.release ?? "–", "number");
    cell(row, channel.version, "number");
    cell(row, channel.requireCredentials ? "credentials" : "public");
    body.append(row);
    const option = document.createElement("option");
    option.value = channel.name;
    option.textContent = channel.name;
    option.selected = channel.name === selected;
    select.append(option);
  }
}

function renderRollout(rollout) {
  byId("no-rollout").hidden = rollout != null;
  byId("rollout").hidden = rollout == null;
  if (!rollout) return;
  byId("rollout-release").textContent = rollout.release;
  byId("rollout-control").textContent = rollout.previousRelease;
  byId("rollout-percent").textContent = rollout.percent;
  byId("rollout-first").textContent = rollout.firstCohort;
  byId("rollout-state").textContent = rollout.state;
  byId("rollout-reason").textContent = rollout.state === "halted" && rollout.haltReason ? `(${rollout.haltReason})` : "";
  for (const [name, counts] of [["candidate", rollout.candidate], ["control", rollout.control]]) {
    byId(`${name}-outcomes`).textContent = counts.outcomes;
    byId(`${name}-failures`).textContent = counts.failures;
    byId(`${name}-rate`).textContent = rate(counts);
  }
  const live = rollout.state === "running" || rollout.state === "halted";
  for (const id of ["percent", "raise", "finish", "cancel"]) byId(id).disabled = !live;
  byId("halt").disabled = rollout.state !== "running";
  byId("resume").disabled = rollout.state !== "halted";
}

const svg = (name, attributes) => {
  const element = document.createElementNS("http://www.w3.org/2000/svg", name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
};

/** One line per release: manifest requests per hour over the document's hours, and a total row each. */
function renderAdoption(stats) {
  const chart = byId("chart");
  chart.replaceChildren();
  const hours = stats.hours;
  const last = Math.floor(Date.now() / 3600000);
  const first = last - hours + 1;
  const releases = [...new Set(stats.series.map((entry) => entry.release))].sort((a, b) => a - b);
  const counts = new Map(releases.map((release) => [release, new Array(hours).fill(0)]));
  for (const entry of stats.series) {
    const index = Math.floor(Date.parse(entry.hour) / 3600000) - first;
    if (index >= 0 && index < hours) counts.get(entry.release)[index] += entry.manifestRequests;
  }
  const peak = Math.max(1, ...[...counts.values()].flat());
  const [left, top, width, height] = [40, 10, 660, 170];
  chart.append(svg("line", { class: "axis", x1: left, y1: top + height, x2: left + width, y2: top + height }));
  chart.append(svg("line", { class: "axis", x1: left, y1: top, x2: left, y2: top + height }));
  const label = (x, y, text, anchor) => {
    const element = svg("text", { x, y, "text-anchor": anchor, class: "tick" });
    element.textContent = text;
    chart.append(element);
  };
  label(left - 4, top + 10, peak, "end");
  label(left - 4, top + height, 0, "end");
  label(left, top + height + 16, `${hours} hours ago`, "start");
  label(left + width, top + height + 16, "now", "end");
  releases.forEach((release, n) => {
    const color = colors[n % colors.length];
    const points = counts.get(release).map((value, index) =>
      `${(left + (width * index) / Math.max(1, hours - 1)).toFixed(1)},${(top + height - (height * value) / peak).toFixed(1)}`);
    chart.append(svg("polyline", { points: points.join(" "), fill: "none", stroke: color, "stroke-width": 2, "data-release": release }));
    const key = svg("text", { x: left + 12 + 90 * n, y: top + 12, fill: color });
    key.textContent = `release ${release}`;
    chart.append(key);
  });

  const body = byId("adoption").tBodies[0];
  body.replaceChildren();
  for (const release of releases) {
    const entries = stats.series.filter((entry) => entry.release === release);
    const sum = (field) => entries.reduce((total, entry) => total + entry[field], 0);
    const row = document.createElement("tr");
    row.dataset.release = release;
    cell(row, release);
    cell(row, sum("manifestRequests"), "number");
    cell(row, sum("completedDownloads"), "number");
    cell(row, sum("installed"), "number");
    cell(row, sum("failed"), "number");
    body.append(row);
  }
}

async function refresh() {
  const selected = byId("channel").value || new URLSearchParams(location.search).get("channel") || "production";
  const channels = await admin("GET", "/admin/channels");
  renderChannels(channels, selected);
  const stats = await admin("GET", `/admin/stats?channel=${encodeURIComponent(selected)}&hours=168`);
  renderRollout(stats.rollout || null);
  renderAdoption(stats);
  byId("console-status").textContent = `updated ${new Date().toLocaleTimeString()}`;
}

async function show() {
  try {
    await refresh();
    byId("token-form").hidden = true;
    byId("console").hidden = false;
  } catch (error) {
    byId("token-status").textContent = error.status === 401 || error.status === 403
      ? "that token cannot read channels and rollouts (it needs the read and rollout scopes)" : error.message;
    byId("token-form").hidden = false;
    byId("console").hidden = true;
  }
}

async function act(body) {
  byId("action-status").textContent = "";
  try {
    await admin("PUT", `/admin/channels/${encodeURIComponent(byId("channel").value)}/rollout`, body);
    await refresh();
  } catch (error) {
    byId("action-status").textContent = error.message;
  }
}

byId("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  sessionStorage.setItem(tokenKey, byId("token").value);
  byId("token").value = "";
  byId("token-status").textContent = "";
  show();
});
byId("sign-out").addEventListener("click", () => {
  sessionStorage.removeItem(tokenKey);
  byId("console").hidden = true;
  byId("token-form").hidden = false;
});
byId("channel").addEventListener("change", () => refresh().catch((error) => { byId("console-status").textContent = error.message; }));
byId("rollout-actions").addEventListener("submit", (event) => {
  event.preventDefault();
  const percent = Number(byId("percent").value);
  if (!(percent >= 0.1 && percent <= 100)) {
    byId("action-status").textContent = "give a percent from 0.1 to 100";
    return;
  }
  act({ percent });
});
for (const [id, state] of [["halt", "halted"], ["resume", "running"], ["finish", "finished"], ["cancel", "cancelled"]]) {
  byId(id).addEventListener("click", () => act({ state }));
}
if (sessionStorage.getItem(tokenKey)) show();
setInterval(() => { if (!byId("console").hidden) refresh().catch(() => {}); }, 10000);
