/** Where the server reads the time: the one place tests replace (buildApp's `clock`). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
