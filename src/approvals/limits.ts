// Bounds shared by the queue and the bulk endpoint.

/** SPEC leaves queue capacity open; beyond this many pending approvals new asks get 503. */
export const QUEUE_CAPACITY_BOUND = 1000;
