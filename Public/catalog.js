// The catalog page: the current release as its signed manifest describes it, and whether that signature
// verifies, checked here in the browser with WebCrypto Ed25519 against /.well-known/jwks.json. Every value is
// inserted as text (textContent), never as markup: pack ids, tags and notes come from whoever publishes.
"use strict";

const byId = (id) => document.getElementById(id);

async function fetchText(path) {
  const response = await fetch(path, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.text();
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
  fact(facts, "Release", String(payload.release));
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
    cell(row, String(release.packs), "number");
    sizeCell(row, release.totalBytes);
    cell(row, release.note || "");
  }
  byId("releases").hidden = !releases.length;
}

async function main() {
  let jws;
  try {
    jws = await fetchText("/manifest");
  } catch (error) {
    setStatus("no manifest yet", "failed");
    byId("packs-status").textContent = "No release is published yet.";
    return;
  }
  const parts = jws.trim().split(".");
  const header = JSON.parse(new TextDecoder().decode(base64URLBytes(parts[0])));
  const payload = JSON.parse(new TextDecoder().decode(base64URLBytes(parts[1])));
  renderManifest(header, payload);
  const [keySet, releases, downloadManifest] = await Promise.all([
    fetchJSON("/.well-known/jwks.json"),
    fetchJSON("/releases").catch(() => []),
    fetchJSON("/download-manifest.json").catch(() => ({ assetPacks: [] })),
  ]);
  renderPacks(payload.packs, new Map(downloadManifest.assetPacks.map((pack) => [pack.id, pack.version])));
  renderTags(payload.tags || {});
  renderReleases(releases);
  const problem = await signatureProblem(jws, keySet).catch((error) => `the check failed (${error.message})`);
  if (problem) setStatus(`not verified: ${problem}`, "failed");
  else setStatus("verified", "verified");
}

main().catch((error) => setStatus(`not verified: ${error.message}`, "failed"));
