/**
 * The buffers of `views` that hold nothing else, which may be moved to another thread: a small Buffer is a slice of
 * a pool shared with other Buffers, and moving the pool would empty them.
 */
export const ownBuffers = (views: Iterable<Uint8Array>): ArrayBuffer[] => [
  ...new Set(
    Array.from(views).flatMap((view) =>
      view.buffer instanceof ArrayBuffer && view.byteOffset === 0 && view.byteLength === view.buffer.byteLength ? [view.buffer] : [],
    ),
  ),
];
