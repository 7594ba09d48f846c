import { isAddressAllowed, isPublicAddress, OutboundHostRefusedError, resolveAllowedHost } from './outbound-policy';

const CLOSED = { allowPrivateNetwork: false, allowedHosts: [] };

describe('the outbound host policy', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(isAddressAllowed(CLOSED, address, address)).toBe(false);
  });

  it.each(['8.8.8.8', '140.82.112.3', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
    expect(isAddressAllowed(CLOSED, address, address)).toBe(true);
  });

  it('lets an operator allow a host by name, by address, by CIDR range, or every private one', () => {
    expect(isAddressAllowed({ allowPrivateNetwork: false, allowedHosts: ['warehouse.internal'] }, 'Warehouse.Internal.', '10.1.2.3')).toBe(
      true,
    );
    expect(isAddressAllowed({ allowPrivateNetwork: false, allowedHosts: ['127.0.0.1'] }, 'localhost', '127.0.0.1')).toBe(true);
    expect(isAddressAllowed({ allowPrivateNetwork: false, allowedHosts: ['127.0.0.1'] }, '127.0.0.2', '127.0.0.2')).toBe(false);
    expect(isAddressAllowed({ allowPrivateNetwork: false, allowedHosts: ['10.1.0.0/16'] }, 'db', '10.1.200.7')).toBe(true);
    expect(isAddressAllowed({ allowPrivateNetwork: false, allowedHosts: ['10.1.0.0/16'] }, 'db', '10.2.0.1')).toBe(false);
    expect(isAddressAllowed({ allowPrivateNetwork: false, allowedHosts: ['10.1.0.0/16'] }, 'db', '::ffff:10.1.0.9')).toBe(true);
    expect(isAddressAllowed({ allowPrivateNetwork: false, allowedHosts: ['fd00::/8'] }, 'db', 'fd00::5')).toBe(true);
    expect(isAddressAllowed({ allowPrivateNetwork: true, allowedHosts: [] }, 'metadata', '169.254.169.254')).toBe(true);
  });

  it('resolves a name and refuses it when any of its addresses is not allowed (the client may pick any)', async () => {
    const resolver = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '10.0.0.5', family: 4 as const },
    ];
    await expect(resolveAllowedHost(CLOSED, 'mixed.example', resolver)).rejects.toBeInstanceOf(OutboundHostRefusedError);
    const publicOnly = async () => [{ address: '93.184.216.34', family: 4 as const }];
    await expect(resolveAllowedHost(CLOSED, 'public.example', publicOnly)).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('refuses a name that does not resolve, and text that is no host', async () => {
    const failing = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(resolveAllowedHost(CLOSED, 'nowhere.invalid', failing)).rejects.toMatchObject({ reason: 'unresolved' });
    await expect(resolveAllowedHost(CLOSED, 'user@host', failing)).rejects.toMatchObject({ reason: 'invalid' });
    await expect(resolveAllowedHost(CLOSED, '', failing)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('resolves localhost through the system resolver and refuses it by default', async () => {
    await expect(resolveAllowedHost(CLOSED, 'localhost')).rejects.toMatchObject({ reason: 'not-public' });
    await expect(resolveAllowedHost({ allowPrivateNetwork: false, allowedHosts: ['localhost'] }, 'localhost')).resolves.not.toHaveLength(0);
  });
});
