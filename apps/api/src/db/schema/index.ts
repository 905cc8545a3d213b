export * from './brands';
export * from './catalogues';
export * from './leads';
export * from './users';
