// The service's choices for a project's `language` and `programming_language` (readthedocs.org,
// `projects/constants.py`: LANGUAGES and PROGRAMMING_LANGUAGES; FACTS.md: "`language` and
// `programming_language` one of the service's choices"). `zh` is served for old projects but no
// longer offered.

export const LANGUAGE_CODES: ReadonlySet<string> = new Set(
  (
    'aa ab acr af agu am ar as ay az ba be bg bh bi bn bo br ca caa cac cab cak co cs cy da de dz el en eo es et eu ' +
    'fa fi fj fo fr fy ga gd gl gn gu ha hi he hr hu hy ia id ie ik is it itz iu ixl ja jac jv ka kjb kek kk kl km kn ' +
    'knj ko ks ku ky la ln lo lt lv mam mg mi mk ml mn mop mr ms mt my na ne nl no oc om or pa pl pnb poc poh ps pt qu ' +
    'quc qum quv rm rn ro ru rw sa sd sg si sk skr sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts ' +
    'tt ttc tzj tw ug uk ur usp uz vi vo wo xh xin yi yo za zu nb-no pt-br es-mx uk-ua zh-cn zh-tw'
  ).split(' '),
);

export const PROGRAMMING_LANGUAGE_CODES: ReadonlySet<string> = new Set(
  'words py js php ruby perl java go julia c csharp cpp objc css ts swift vb r scala groovy coffee lua haskell other'.split(' '),
);
