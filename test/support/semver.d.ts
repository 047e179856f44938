// semver is installed with the toolchain (npm's own range maths, through autocannon and aws-cdk-lib);
// the engines test uses these four functions of it, typed here rather than adding @types/semver.
declare module 'semver' {
  const semver: {
    validRange(range: string): string | null;
    minVersion(range: string): { version: string } | null;
    satisfies(version: string, range: string): boolean;
    intersects(a: string, b: string): boolean;
  };
  export default semver;
}
