// Bounds shared by the queue and the bulk endpoint.

/** The API fixes no queue capacity; beyond this many pending approvals new asks get 503. */
export const QUEUE_CAPACITY_BOUND = 1000;
