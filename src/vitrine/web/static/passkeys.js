// Passkeys (WebAuthn) in the browser: the server's options are JSON with
// base64url strings (py_webauthn's), navigator.credentials wants ArrayBuffers
// and answers with them; these convert both ways, by hand, so any browser
// with WebAuthn will do (not only those with parseCreationOptionsFromJSON).
import { api } from "/static/common.js";

/** Whether this browser can make and use passkeys here (a secure context). */
export const passkeysWork = () => window.isSecureContext && "PublicKeyCredential" in window
  && typeof navigator.credentials?.create === "function";

function bytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)).buffer;
}

function text(buffer) {
  let binary = "";
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const described = (list) => (list ?? []).map((c) => ({ ...c, id: bytes(c.id) }));

/** Register a passkey for the signed-in account, under ``label``: the passkey kept. */
export async function addPasskey(label) {
  const { handle, options } = await api("/api/account/passkeys/options", { method: "POST" });
  const made = await navigator.credentials.create({
    publicKey: {
      ...options,
      challenge: bytes(options.challenge),
      user: { ...options.user, id: bytes(options.user.id) },
      excludeCredentials: described(options.excludeCredentials),
    },
  });
  const credential = {
    id: made.id,
    rawId: text(made.rawId),
    type: made.type,
    response: {
      clientDataJSON: text(made.response.clientDataJSON),
      attestationObject: text(made.response.attestationObject),
      transports: made.response.getTransports?.() ?? [],
    },
    clientExtensionResults: made.getClientExtensionResults(),
    authenticatorAttachment: made.authenticatorAttachment ?? undefined,
  };
  return api("/api/account/passkeys", { method: "POST", body: { handle, label, credential } });
}

/** Sign in with a passkey of this site (the authenticator says whose): the account. */
export async function signInWithPasskey() {
  const { handle, options } = await api("/api/account/passkeys/sign-in/options", { method: "POST" });
  const got = await navigator.credentials.get({
    publicKey: {
      ...options,
      challenge: bytes(options.challenge),
      allowCredentials: described(options.allowCredentials),
    },
  });
  const credential = {
    id: got.id,
    rawId: text(got.rawId),
    type: got.type,
    response: {
      clientDataJSON: text(got.response.clientDataJSON),
      authenticatorData: text(got.response.authenticatorData),
      signature: text(got.response.signature),
      userHandle: got.response.userHandle ? text(got.response.userHandle) : undefined,
    },
    clientExtensionResults: got.getClientExtensionResults(),
  };
  return api("/api/account/passkeys/sign-in", { method: "POST", body: { handle, credential } });
}
