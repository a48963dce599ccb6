/**
 * Demo citizens of the development identity provider (all CUILs have a valid
 * AFIP check digit). Imported by the seed, the README and the tests.
 * Never seeded in production unless SEED=1 is given explicitly.
 */
export const DEMO_PASSWORD = "Demo2026!";

export type DemoCitizen = {
  cuil: string;
  password: string;
  name: string;
  description: string;
  givenName: string;
  familyName: string;
  uid: string;
  email: string | null;
  phone: { code: string; number: string } | null;
  /** adhesion to the digital domicile, or null when not adhered */
  adhesion: { email: string; phone: { code: string; number: string } | null; adheredAt: string } | null;
  /** later modules give this citizen no procedures, records or communications */
  emptyTrays: boolean;
};

export const demoCitizens: DemoCitizen[] = [
  {
    cuil: "27293847563",
    password: DEMO_PASSWORD,
    name: "María Laura Fernández",
    description: "Adherida al domicilio digital, con correo y teléfono: muestra trámites, comunicaciones y expedientes con datos.",
    givenName: "María Laura",
    familyName: "Fernández",
    uid: "7f3c2a10-5b1e-4c8a-9d2f-0a1b2c3d4e01",
    email: "maria.fernandez@example.com",
    phone: { code: "261", number: "4123456" },
    adhesion: {
      email: "maria.fernandez@example.com",
      phone: { code: "261", number: "4123456" },
      adheredAt: "2025-03-14T13:20:00.000Z",
    },
    emptyTrays: false,
  },
  {
    cuil: "20267895431",
    password: DEMO_PASSWORD,
    name: "Juan Pablo Gómez",
    description:
      "No adherido al domicilio digital (tiene correo, sin teléfono): muestra la pantalla 'No te encuentras adherido' y la adhesión.",
    givenName: "Juan Pablo",
    familyName: "Gómez",
    uid: "7f3c2a10-5b1e-4c8a-9d2f-0a1b2c3d4e02",
    email: "juanpablo.gomez@example.com",
    phone: null,
    adhesion: null,
    emptyTrays: true,
  },
  {
    cuil: "27351128475",
    password: DEMO_PASSWORD,
    name: "Lucía Belén Rodríguez",
    description: "Adherida al domicilio digital, sin trámites, comunicaciones ni expedientes: muestra las bandejas vacías.",
    givenName: "Lucía Belén",
    familyName: "Rodríguez",
    uid: "7f3c2a10-5b1e-4c8a-9d2f-0a1b2c3d4e03",
    email: "lucia.rodriguez@example.com",
    phone: { code: "351", number: "5550142" },
    adhesion: {
      email: "lucia.rodriguez@example.com",
      phone: null,
      adheredAt: "2025-08-02T15:45:00.000Z",
    },
    emptyTrays: true,
  },
];

export const demoCitizenByRole = {
  adhered: demoCitizens[0],
  notAdhered: demoCitizens[1],
  emptyTrays: demoCitizens[2],
};
