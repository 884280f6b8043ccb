// Re-exports of the supply-chain and privilege readings' helpers for their tests.
export { hostClass, sourceHost } from '../../src/policy/effects/sources.js';
export { setIdBits as setIdBitsOf } from '../../src/policy/effects/privilege.js';
