import rootPackage from '../../../package.json' with { type: 'json' };

/** The product's version (root package.json), inlined by the bundler at build time. */
export const APP_VERSION: string = rootPackage.version;
