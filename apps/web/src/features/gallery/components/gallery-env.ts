import { createContext, useContext } from 'react';

/**
 * What the app composes into the gallery (features never import each other): 做同款 puts a
 * picture's settings into its tool's form and answers the tool's address.
 */
export type GalleryEnv = {
  prefillTool?: (toolId: string, settings: Record<string, unknown>) => string | undefined;
};

export const GalleryEnvContext = createContext<GalleryEnv>({});
export const useGalleryEnv = () => useContext(GalleryEnvContext);
