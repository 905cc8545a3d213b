export * from './brands';
export * from './catalogues';
export * from './companies';
export * from './lead-totals';
export * from './leads';
export * from './users';
export * from './events';
export * from './shared-state';
