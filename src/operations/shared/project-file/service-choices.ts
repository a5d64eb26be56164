/**
 * The values the service takes for a project's `language` and `programming_language` (FACTS.md:
 * "`language` and `programming_language` one of the service's choices"), as readthedocs.org lists
 * them. `zh` is still served for old projects but no longer accepted: `zh-cn` or `zh-tw`.
 */
export const LANGUAGES: ReadonlySet<string> = new Set(
  (
    'aa ab acr af agu am ar as ay az ba be bg bh bi bn bo br ca caa cab cac cak co cs cy da de dz el en eo es et eu fa ' +
    'fi fj fo fr fy ga gd gl gn gu ha he hi hr hu hy ia id ie ik is it itz iu ixl ja jac jv ka kek kjb kk kl km kn knj ' +
    'ko ks ku ky la ln lo lt lv mam mg mi mk ml mn mop mr ms mt my na ne nl no oc om or pa pl pnb poc poh ps pt qu quc ' +
    'qum quv rm rn ro ru rw sa sd sg si sk skr sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt ' +
    'ttc tw tzj ug uk ur usp uz vi vo wo xh xin yi yo za zu es-mx nb-no pt-br uk-ua zh-cn zh-tw'
  ).split(' '),
);

/** Kept by the projects that have it, refused in a write: `zh-cn` or `zh-tw`. */
export const LEGACY_LANGUAGE = 'zh';

export const PROGRAMMING_LANGUAGES: ReadonlySet<string> = new Set(
  'c coffee cpp csharp css go groovy haskell java js julia lua objc other perl php py r ruby scala swift ts vb words'.split(' '),
);

/** FACTS: "`name` ≤ 63 characters; `analytics_code` ≤ 50; `homepage` a URL of at most 200". */
export const MAX_NAME = 63;
export const MAX_ANALYTICS_CODE = 50;
export const MAX_HOMEPAGE = 200;
/** FACTS: "`readthedocs_yaml_path` [...] at most 1024 characters". */
export const MAX_YAML_PATH = 1024;
/** FACTS: "`readthedocs_yaml_path` relative, without `..` or any of ``[]{}()`'"\%&<>|,``". */
export const YAML_PATH_FORBIDDEN = '[]{}()`\'"\\%&<>|,';
