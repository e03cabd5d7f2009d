import { nricFor, type Gender, type Title } from '@clinic/domain';

export interface DemoPatient {
  title: Title;
  name: string;
  gender: Gender;
  birthDate: string;
  nric: string;
  contactNo: string;
  homeAddress: string;
  homePostal: string;
  nationality: string;
}

const PEOPLE: Array<[Title, string, Gender, string]> = [
  ['Mr', 'Tan Ah Kow', 'M', '1956-03-14'],
  ['Mdm' as Title, 'Lim Siew Lan', 'F', '1962-08-02'],
  ['Mr', 'Muhammad Faizal bin Rahman', 'M', '1984-11-23'],
  ['Ms', 'Priya d/o Subramaniam', 'F', '1991-05-09'],
  ['Mr', 'Ong Wei Jie', 'M', '1999-01-30'],
  ['Mrs', 'Nur Aisyah binte Ismail', 'F', '1988-07-17'],
  ['Mr', 'Rajesh s/o Kumar', 'M', '1970-02-11'],
  ['Miss', 'Chua Hui Min', 'F', '2002-09-05'],
  ['Mr', 'Goh Chee Keong', 'M', '1948-12-24'],
  ['Mrs', 'Wong Mei Ling', 'F', '1979-04-28'],
  ['Mr', 'Lee Jun Hao', 'M', '2012-06-15'],
  ['Ms', 'Siti Nurhaliza binte Osman', 'F', '1995-10-08'],
  ['Mr', 'Ng Boon Huat', 'M', '1965-03-03'],
  ['Mrs', 'Kavitha Ramasamy', 'F', '1983-01-19'],
  ['Mr', 'Teo Kok Leong', 'M', '1958-08-31'],
  ['Miss', 'Tay Xin Yi', 'F', '2009-12-12'],
  ['Mr', 'Ahmad Zulkifli', 'M', '1976-05-21'],
  ['Mrs', 'Koh Bee Hoon', 'F', '1952-02-14'],
  ['Mr', 'Daniel Fernandez', 'M', '1990-09-09'],
  ['Ms', 'Yeo Shu Fen', 'F', '1987-11-01'],
];

const STREETS = [
  ['Toa Payoh Lorong 1', '31'],
  ['Bishan Street 22', '57'],
  ['Ang Mo Kio Avenue 3', '56'],
  ['Jurong East Street 21', '60'],
  ['Tampines Street 41', '52'],
  ['Bedok North Road', '46'],
];

/** The demo clinic's patients: plausible names, valid NRICs, Singapore phones and addresses. */
export function demoPatients(): DemoPatient[] {
  return PEOPLE.map(([title, name, gender, birthDate], index) => {
    const born2000 = Number(birthDate.slice(0, 4)) >= 2000;
    const digits = `${birthDate.slice(2, 4)}${String(10000 + index * 3917).slice(-5)}`;
    const [street, district] = STREETS[index % STREETS.length]!;
    const block = 100 + ((index * 37) % 800);
    return {
      title: title === ('Mdm' as Title) ? 'Madam' : title,
      name,
      gender,
      birthDate,
      nric: nricFor(born2000 ? 'T' : 'S', digits),
      contactNo: `${index % 2 === 0 ? 9 : 8}${String(1234567 + index * 104729).slice(-7)}`,
      homeAddress: `Blk ${block} ${street} #${String(2 + (index % 12)).padStart(2, '0')}-${100 + index * 7}`,
      homePostal: `${district}${String(block).padStart(4, '0')}`,
      nationality: index % 7 === 6 ? 'MY' : 'SG',
    };
  });
}
