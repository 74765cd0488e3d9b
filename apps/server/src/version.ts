/** The product version, from the root package.json at build time. */
import rootPackage from '../../../package.json';

export const VERSION: string = rootPackage.version;
