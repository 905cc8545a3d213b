export * from './constants';
export * from './i18n/message-key';
export * from './locales';
export * from './schemas/common';
export * from './schemas/health';
export * from './validation/cnpj';
export * from './validation/password-strength';
