import type { resources } from './resources';

// Typed keys: `t('auth:login.title')` is checked against the pt-BR files, the source language.
declare module 'i18next' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation must merge into i18next's interface
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['pt-BR'];
  }
}
