import { createContext, useContext } from 'react';

/**
 * True while a page is rendered to HTML on the server for a first render without JavaScript
 * (decision 079: the self check-in). A control that only the app's code can serve (the form's send
 * button, a photo to choose) is then shown as waiting for the app instead of doing something the
 * page could not finish: no native submission to the page's own address, no photo chosen and lost.
 */
const StaticRenderContext = createContext(false);

export const StaticRenderProvider = StaticRenderContext.Provider;

export const useStaticRender = () => useContext(StaticRenderContext);
