/**
 * The clients of the testimonials and the logo wall: invented for the product (no real brand).
 * People's and brands' names stay the same in every language; the quotes and roles are in the
 * dictionaries (home.testimonial.<n>.*).
 */
import brisqo from '../assets/logos/brisqo.svg?no-inline';
import kairavo from '../assets/logos/kairavo.svg?no-inline';
import lumaroo from '../assets/logos/lumaroo.svg?no-inline';
import mangolane from '../assets/logos/mangolane.svg?no-inline';
import orbiplay from '../assets/logos/orbiplay.svg?no-inline';
import pesoly from '../assets/logos/pesoly.svg?no-inline';
import quillora from '../assets/logos/quillora.svg?no-inline';
import tunaveo from '../assets/logos/tunaveo.svg?no-inline';
import verdimart from '../assets/logos/verdimart.svg?no-inline';
import zentaro from '../assets/logos/zentaro.svg?no-inline';

export interface Testimonial {
  readonly n: 1 | 2 | 3 | 4 | 5 | 6;
  readonly name: string;
  readonly company: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  { n: 1, name: 'Lina Hartono', company: 'Lumaroo' },
  { n: 2, name: 'Marco Reyes', company: 'Pesoly' },
  { n: 3, name: 'Beatriz Lima', company: 'Tunaveo' },
  { n: 4, name: 'Jisoo Han', company: 'Quillora' },
  { n: 5, name: 'Ethan Brooks', company: 'Orbiplay' },
  { n: 6, name: 'Sofía Navarro', company: 'Verdimart' },
];

export interface ClientLogo {
  readonly name: string;
  readonly src: string;
}

/** Every logo is drawn on a 160 × 48 canvas. */
export const LOGO_WIDTH = 160;
export const LOGO_HEIGHT = 48;

export const CLIENT_LOGOS: readonly ClientLogo[] = [
  { name: 'Lumaroo', src: lumaroo },
  { name: 'Pesoly', src: pesoly },
  { name: 'Tunaveo', src: tunaveo },
  { name: 'Quillora', src: quillora },
  { name: 'Orbiplay', src: orbiplay },
  { name: 'Verdimart', src: verdimart },
  { name: 'Brisqo', src: brisqo },
  { name: 'Zentaro', src: zentaro },
  { name: 'Mangolane', src: mangolane },
  { name: 'Kairavo', src: kairavo },
];
