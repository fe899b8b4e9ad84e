/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Comma-separated hosts that should move to VITE_CANONICAL_HOST (the server 301s too). */
  readonly VITE_LEGACY_HOSTS?: string;
  readonly VITE_CANONICAL_HOST?: string;
}
