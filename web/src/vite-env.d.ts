/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

interface ImportMetaEnv {
  /** Address of the product video on the landing page; with none the Watch video button is hidden. */
  readonly VITE_VIDEO_URL?: string;
}
