/**
 * IP address forms, as node:net's isIPv4 and isIPv6 accept them, without node:net: that module
 * (sockets, streams) weighs about 10 ms of every function's cold start, for two string checks.
 */
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]\\d|\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const GROUP = /^[0-9a-fA-F]{1,4}$/;
/** A zone index (`fe80::1%eth0`), as node:net allows it. */
const ZONE = /%[0-9a-zA-Z-.:]+$/;

export const isIPv4 = (text: string): boolean => IPV4.test(text);

export function isIPv6(text: string): boolean {
  const address = text.replace(ZONE, '');
  const halves = address.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string): string[] | undefined => (half === '' ? [] : half.split(':'));
  const parts = halves.map(groupsOf);
  let count = 0;
  for (const [halfIndex, groups] of parts.entries()) {
    for (const [index, group] of groups!.entries()) {
      // An IPv4 tail (`::ffff:192.0.2.1`) stands for the last two groups.
      const last = halfIndex === parts.length - 1 && index === groups!.length - 1;
      if (last && isIPv4(group)) count += 2;
      else if (GROUP.test(group)) count += 1;
      else return false;
    }
  }
  return halves.length === 2 ? count <= 7 : count === 8;
}
