/** Mean luminance (0-255) and variance of the 4-neighbour Laplacian (focus) of a side x side grey square. */
export function greyStatistics(grey: ArrayLike<number>, side: number): { brightness: number; sharpness: number };
