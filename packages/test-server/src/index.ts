export { findFreePort, findFreePortSync } from './free-port';
export { funilServerEnv, type FunilServerSettings } from './server-env';
export { stopServer, waitForHealth } from './health';
export { brasilApiRecord, type MirrorBehaviour, startCnpjMirror } from './cnpj-mirror';
