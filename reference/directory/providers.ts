/**
 * The reference directory's providers (B6: 'a small deterministic set'): the same six on every
 * start, in the Entry shape of vendor-wire §6. Two share a last name and two an organization,
 * so a search can match more than one.
 */
export interface Provider {
  Address1: string;
  Address2: string;
  City: string;
  DirectAddress: string;
  Fax: string;
  FirstName: string;
  HealthcareServiceClass: string;
  HispOperator: string;
  LastName: string;
  MiddleName: string;
  Name: string;
  Npi: string;
  OrgHealthcareServiceClass: string;
  OrgNpi: string;
  OrgSpecialty: string;
  OrgUniqueID: string;
  Phone: string;
  Provider: string;
  Role: string;
  ServiceDescription: string;
  SourceID: number;
  Specialty: string;
  State: string;
  Suffix: string;
  UniqueID: string;
  Zip: string;
}

type Row = [first: string, middle: string, last: string, npi: string, specialty: string, role: string, org: string, orgNpi: string, city: string, state: string, zip: string];

const ROWS: Row[] = [
  ['Adaeze', 'N', 'Okafor', '1234567893', 'Cardiology', 'Physician', 'Riverside Heart Clinic', '1821000011', 'Springfield', 'IL', '62701'],
  ['Bruno', 'A', 'Lindqvist', '1245319599', 'Family Medicine', 'Physician', 'Northgate Family Practice', '1821000029', 'Madison', 'WI', '53703'],
  ['Chiara', '', 'Okafor', '1356720841', 'Pediatrics', 'Nurse Practitioner', 'Riverside Heart Clinic', '1821000011', 'Springfield', 'IL', '62704'],
  ['Dmitri', 'K', 'Vasquez-Reyes', '1467831052', 'Radiology', 'Physician', 'Lakeview Imaging Center', '1821000037', 'Duluth', 'MN', '55802'],
  ['Eun-ji', '', 'Park', '1578942163', 'Dermatology', 'Physician Assistant', 'Harbor Skin Associates', '1821000045', 'Portland', 'ME', '04101'],
  ['Farid', 'S', 'Haddad', '1689053274', 'Oncology', 'Physician', 'Summit Cancer Institute', '1821000052', 'Boulder', 'CO', '80302'],
];

export const PROVIDERS: readonly Provider[] = ROWS.map(([first, middle, last, npi, specialty, role, org, orgNpi, city, state, zip], i) => ({
  Address1: `${100 + i * 17} Main Street`,
  Address2: i % 2 ? `Suite ${200 + i}` : '',
  City: city,
  DirectAddress: `${first.toLowerCase()}.${last.toLowerCase()}@direct.reference.test`,
  Fax: `555-01${String(10 + i)}`,
  FirstName: first,
  HealthcareServiceClass: 'Outpatient',
  HispOperator: 'Reference HISP',
  LastName: last,
  MiddleName: middle,
  Name: `${first} ${last}`,
  Npi: npi,
  OrgHealthcareServiceClass: 'Clinic',
  OrgNpi: orgNpi,
  OrgSpecialty: specialty,
  OrgUniqueID: `org-${orgNpi}`,
  Phone: `555-02${String(10 + i)}`,
  Provider: org,
  Role: role,
  ServiceDescription: `${specialty} services`,
  SourceID: 1,
  Specialty: specialty,
  State: state,
  Suffix: '',
  UniqueID: `prov-${npi}`,
  Zip: zip,
}));

/** Which Entry field each search parameter of vendor-wire §6 matches. */
export const FIELD_OF: Record<string, keyof Provider> = {
  City: 'City',
  Fax: 'Fax',
  FirstName: 'FirstName',
  LastName: 'LastName',
  Npi: 'Npi',
  OrganizationName: 'Provider',
  OrganizationNpi: 'OrgNpi',
  OrganizationSpecialty: 'OrgSpecialty',
  Phone: 'Phone',
  Role: 'Role',
  Specialty: 'Specialty',
  State: 'State',
  Street: 'Address1',
  Zip: 'Zip',
};
