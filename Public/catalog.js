// The catalog page: the current release as its signed manifest describes it, and whether that signature
// verifies, checked here in the browser with WebCrypto Ed25519 against /.well-known/jwks.json. Every value is
// inserted as text (textContent), never as markup: pack ids, tags and notes come from whoever publishes.
//
// `?channel=C&build=B` shows that view of the catalog (docs/channels.md "Views"): its documents are read under
// the prefix /channels/C/builds/B. Both are checked here against the server's own rules before they become
// part of a path; the server checks them again.
"use strict";

const byId = (id) => document.getElementById(id);

const channelPattern = /^[a-z][a-z0-9-]{0,31}$/;
const buildPattern = /^[0-9]{1,18}(\.[0-9]{1,18}){0,2}$/;

/** The view the query names, as a path prefix; what it gets wrong is said in the view form. */
function viewFromQuery() {
  const query = new URLSearchParams(location.search);
  const channel = query.get("channel") || "production";
  const build = (query.get("build") || "").trim();
  const problems = [];
  let prefix = "";
  if (!channelPattern.test(channel)) problems.push("that is not a channel name");
  else if (channel !== "production") prefix += `/channels/${channel}`;
  if (build && !buildPattern.test(build)) problems.push("that is not an app build (such as 1.10 or 42)");
  else if (build) prefix += `/builds/${build}`;
  byId("view-status").textContent = problems.join("; ");
  byId("build").value = buildPattern.test(build) ? build : "";
  return { channel: channelPattern.test(channel) ? channel : "production", prefix };
}

/** The channel picker: the channels that need no credentials (GET /channels), the shown one selected. */
function renderChannels(channels, shown) {
  const select = byId("channel");
  const names = new Set(channels.map((channel) => channel.name));
  names.add(shown);
  select.replaceChildren();
  for (const name of [...names].sort()) {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = name;
    option.selected = name === shown;
    select.append(option);
  }
}

/** `{"min":"1.10"}` → "1.10 and later"; no range → "every build". */
function buildRange(builds) {
  if (!builds || (!builds.min && !builds.max)) return "every build";
  if (builds.min && builds.max) return `${builds.min} … ${builds.max}`;
  return builds.min ? `${builds.min} and later` : `up to ${builds.max}`;
}

// A catalog with `catalog.requireCredentials` answers 401 without a download token: the page then asks for
// one, keeps it for this tab only, and sends it as a bearer token with every request it makes.
const tokenKey = "packserve-download-token";

function authorization() {
  const token = sessionStorage.getItem(tokenKey);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

class NeedsToken extends Error {}

async function fetchResponse(path) {
  // `credentials: "omit"`: the token goes in the header the page sets, and a 401 comes back to the page
  // instead of opening the browser's own sign-in dialog (Fetch standard: only credentialed fetches prompt).
  const response = await fetch(path, { cache: "no-cache", credentials: "omit", headers: authorization() });
  if (response.status === 401) throw new NeedsToken(`${path} needs a download token`);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response;
}

async function fetchText(path) {
  return (await fetchResponse(path)).text();
}

function askForToken() {
  const form = byId("token-form");
  form.hidden = false;
  if (sessionStorage.getItem(tokenKey)) byId("token-status").textContent = "That token was not accepted.";
  setStatus("needs a download token", "failed");
  byId("packs-status").textContent = "Enter a download token to see the packs.";
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    sessionStorage.setItem(tokenKey, byId("token").value.trim());
    location.reload();
  });
}

/** A pack link of a catalog that needs a token: a plain link cannot carry it, so fetch the bytes with it. */
async function downloadWithToken(event, pack) {
  event.preventDefault();
  const blob = await (await fetchResponse(pack.url)).blob();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = pack.id;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}

async function fetchJSON(path) {
  return JSON.parse(await fetchText(path));
}

/** base64url (RFC 4648 §5, no padding) to bytes. */
function base64URLBytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** 1536 → "1.5 KiB" (binary units, as the server configuration counts bytes); exact bytes go in a title. */
function humanSize(bytes) {
  const units = ["KiB", "MiB", "GiB", "TiB"];
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

function cell(row, text, className) {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

function sizeCell(row, bytes) {
  const td = cell(row, humanSize(bytes), "number");
  td.title = `${bytes.toLocaleString("en")} bytes`;
  return td;
}

function fact(list, term, value) {
  const dt = document.createElement("dt");
  dt.textContent = term;
  const dd = document.createElement("dd");
  dd.textContent = value;
  list.append(dt, dd);
  return dd;
}

function setStatus(text, state) {
  const status = byId("signature-status");
  status.textContent = text;
  status.className = state;
}

/**
 * Checks the compact JWS with the key its header names. Returns null when it verifies, or why not.
 * RFC 7515 §5.2: the signature covers the ASCII bytes of "header.payload" as sent.
 */
async function signatureProblem(jws, keySet) {
  const parts = jws.trim().split(".");
  if (parts.length !== 3) return "the manifest is not a compact JWS";
  const header = JSON.parse(new TextDecoder().decode(base64URLBytes(parts[0])));
  if (header.alg !== "EdDSA") return `unexpected algorithm ${header.alg}`;
  const jwk = (keySet.keys || []).find((key) => key.kid === header.kid);
  if (!jwk) return `key ${header.kid} is not in /.well-known/jwks.json`;
  if (!window.crypto || !crypto.subtle) {
    return "this browser offers WebCrypto only over HTTPS or on localhost, so the signature cannot be checked here";
  }
  let key;
  try {
    key = await crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", x: jwk.x }, { name: "Ed25519" }, false, ["verify"]);
  } catch (error) {
    return `this browser cannot check Ed25519 signatures (${error.name})`;
  }
  const signed = new TextEncoder().encode(`${parts[0]}.${parts[1]}`);
  const valid = await crypto.subtle.verify({ name: "Ed25519" }, key, base64URLBytes(parts[2]), signed);
  return valid ? null : `the signature does not verify with key ${jwk.kid}`;
}

function renderManifest(header, payload) {
  const facts = byId("manifest-facts");
  fact(facts, "Channel", payload.channel || "production");
  fact(facts, "Release", String(payload.release));
  fact(facts, "App builds", buildRange(payload.builds));
  fact(facts, "Manifest version", String(payload.version));
  fact(facts, "Key id", header.kid);
  fact(facts, "Issued", new Date(payload.iat * 1000).toISOString());
  const expiry = fact(facts, "Expires", new Date(payload.exp * 1000).toISOString());
  if (payload.exp * 1000 < Date.now()) expiry.textContent += " (expired: apps refuse this manifest)";
  const totals = payload.totals || {};
  fact(facts, "Essential · prefetch · on-demand",
    [totals.essentialBytes, totals.prefetchBytes, totals.onDemandBytes].map((b) => humanSize(b || 0)).join(" · "));
}

function renderPacks(packs, appleVersions) {
  const body = byId("packs").tBodies[0];
  for (const pack of packs) {
    const row = body.insertRow();
    row.dataset.id = pack.id;
    const name = row.insertCell();
    const link = document.createElement("a");
    link.href = pack.url;
    link.textContent = pack.id;
    link.setAttribute("download", "");
    if (sessionStorage.getItem(tokenKey)) {
      link.addEventListener("click", (event) => downloadWithToken(event, pack).catch((error) => {
        byId("packs-status").textContent = `${pack.id}: ${error.message}`;
      }));
    }
    name.append(link);
    if (pack.access === "private") {
      // Its bytes need a signed URL or a download token: the plain link answers 403.
      const badge = document.createElement("span");
      badge.className = "badge";
      badge.textContent = "private";
      badge.title = "Downloading needs a signed URL or a token with the download scope.";
      name.append(" ", badge);
    }
    cell(row, pack.policy === "prefetch" ? `prefetch (order ${pack.order})` : pack.policy);
    cell(row, pack.tags.join(", "));
    sizeCell(row, pack.size);
    cell(row, appleVersions.has(pack.id) ? String(appleVersions.get(pack.id)) : "–", "number");
    cell(row, pack.sha256, "digest");
  }
  byId("packs-status").textContent = packs.length ? `${packs.length} pack${packs.length === 1 ? "" : "s"}` : "This release has no packs.";
  byId("packs").hidden = !packs.length;
}

function renderTags(tags) {
  const list = byId("tags");
  for (const [tag, ids] of Object.entries(tags).sort()) {
    const item = document.createElement("li");
    item.textContent = `${tag} (${ids.length})`;
    item.title = ids.join(", ");
    list.append(item);
  }
}

function renderReleases(releases) {
  const body = byId("releases").tBodies[0];
  for (const release of releases.slice().reverse()) {
    const row = body.insertRow();
    cell(row, String(release.release));
    cell(row, release.createdAt);
    cell(row, release.channel || "production");
    cell(row, buildRange(release.builds));
    cell(row, String(release.packs), "number");
    sizeCell(row, release.totalBytes);
    cell(row, release.note || "");
  }
  byId("releases").hidden = !releases.length;
}

async function main() {
  const view = viewFromQuery();
  fetchJSON("/channels").then((channels) => renderChannels(channels, view.channel)).catch(() => {});
  let jws;
  try {
    jws = await fetchText(`${view.prefix}/manifest`);
  } catch (error) {
    if (error instanceof NeedsToken) return askForToken();
    setStatus(view.prefix ? "this view has no manifest" : "no manifest yet", "failed");
    byId("packs-status").textContent = view.prefix
      ? `No release of this channel is for this build (${error.message}).` : "No release is published yet.";
    return;
  }
  const parts = jws.trim().split(".");
  const header = JSON.parse(new TextDecoder().decode(base64URLBytes(parts[0])));
  const payload = JSON.parse(new TextDecoder().decode(base64URLBytes(parts[1])));
  renderManifest(header, payload);
  const [keySet, releases, downloadManifest] = await Promise.all([
    fetchJSON("/.well-known/jwks.json"),
    fetchJSON("/releases").catch(() => []),
    fetchJSON(`${view.prefix}/download-manifest.json`).catch(() => ({ assetPacks: [] })),
  ]);
  renderPacks(payload.packs, new Map(downloadManifest.assetPacks.map((pack) => [pack.id, pack.version])));
  renderTags(payload.tags || {});
  renderReleases(releases);
  const problem = await signatureProblem(jws, keySet).catch((error) => `the check failed (${error.message})`);
  if (problem) setStatus(`not verified: ${problem}`, "failed");
  else setStatus("verified", "verified");
}

main().catch((error) => setStatus(`not verified: ${error.message}`, "failed"));
