/**
 * Path segments that normalizing would change, for the path helpers of the hot loops (no
 * imports: both the browser's path helpers and the Node-only ones use it).
 */

/** A `.` or `..` segment, or an empty one (either separator). */
export const UNNORMAL = /(?:^|[\\/])\.\.?(?:[\\/]|$)|[\\/][\\/]/;
