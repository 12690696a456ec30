/** FaceRes's 100 class probabilities read as an age (its authors' top-two weighted reading). */
export function faceresReading(probabilities: ArrayLike<number>): number;
/** GEAR's seven class probabilities read as an age (Human's reading). */
export function gearReading(distribution: ArrayLike<number>): number;
