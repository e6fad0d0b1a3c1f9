/**
 * Guest names and guest companies of the demo data, written as their owners
 * write them: diacritics, Cyrillic for Russian, Chinese characters for
 * Simplified Chinese. Languages with gendered family names (CS, PL, RU) give
 * the male and the female form.
 */
import type { KnownGuestLanguage } from '../../shared/api/primitives.ts';

export interface LanguageNames {
  male: readonly string[];
  female: readonly string[];
  /** A family name, or its [male, female] forms. */
  last: readonly (string | readonly [string, string])[];
}

// prettier-ignore
export const GUEST_NAMES: Record<KnownGuestLanguage, LanguageNames> = {
  CS: {
    male: ['Jan', 'Petr', 'Tomáš', 'Jiří', 'Martin', 'Lukáš', 'Ondřej', 'Jakub', 'Vojtěch', 'Miroslav', 'Zdeněk', 'Radek'],
    female: ['Tereza', 'Lucie', 'Kateřina', 'Veronika', 'Markéta', 'Zuzana', 'Hana', 'Jana', 'Barbora', 'Eliška', 'Alžběta', 'Klára'],
    last: [
      ['Novák', 'Nováková'], ['Svoboda', 'Svobodová'], ['Novotný', 'Novotná'], ['Dvořák', 'Dvořáková'],
      ['Černý', 'Černá'], ['Procházka', 'Procházková'], ['Kučera', 'Kučerová'], ['Veselý', 'Veselá'],
      ['Horák', 'Horáková'], ['Němec', 'Němcová'], ['Marek', 'Marková'], ['Pokorný', 'Pokorná'],
      ['Král', 'Králová'], ['Růžička', 'Růžičková'], ['Beneš', 'Benešová'], ['Fiala', 'Fialová'],
      ['Sedláček', 'Sedláčková'], ['Doležal', 'Doležalová'], ['Zeman', 'Zemanová'], ['Kolář', 'Kolářová'],
      ['Šťastný', 'Šťastná'], ['Křížek', 'Křížková'],
    ],
  },
  DE: {
    male: ['Lukas', 'Maximilian', 'Jürgen', 'Matthias', 'Stefan', 'Jörg', 'Florian', 'Sebastian', 'Tobias', 'Andreas', 'Björn', 'Günter'],
    female: ['Anna', 'Lena', 'Sophie', 'Katharina', 'Julia', 'Sabine', 'Claudia', 'Bärbel', 'Marlene', 'Franziska', 'Dörte', 'Ute'],
    last: [
      'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
      'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann',
      'Krüger', 'Weiß', 'Groß', 'Köhler', 'Möller',
    ],
  },
  EN: {
    male: ['James', 'Oliver', 'William', 'Thomas', 'Daniel', 'Matthew', 'Christopher', 'Benjamin', 'Samuel', 'Andrew', 'Liam', 'Ethan'],
    female: ['Emily', 'Olivia', 'Charlotte', 'Amelia', 'Jessica', 'Hannah', 'Grace', 'Chloe', 'Rebecca', 'Eleanor', 'Megan', 'Abigail'],
    last: [
      'Smith', 'Jones', 'Williams', 'Taylor', 'Brown', 'Davies', 'Evans', 'Wilson', 'Thomas', 'Johnson',
      'Roberts', 'Walker', 'Wright', 'Robinson', 'Thompson', 'White', 'Hughes', 'Edwards', 'Green', 'Hall',
      "O'Connor", 'Clarke', 'Harris', 'Patel',
    ],
  },
  ES: {
    male: ['Alejandro', 'José', 'Javier', 'Álvaro', 'Sergio', 'Pablo', 'Andrés', 'Jesús', 'Rubén', 'Íñigo', 'Adrián', 'Raúl'],
    female: ['María', 'Lucía', 'Carmen', 'Sofía', 'Paula', 'Elena', 'Marta', 'Inés', 'Nuria', 'Begoña', 'Rocío', 'Ainhoa'],
    last: [
      'García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
      'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Navarro', 'Gutiérrez',
      'Ibáñez', 'Peña',
    ],
  },
  FR: {
    male: ['Jean', 'Pierre', 'Louis', 'Théo', 'Nicolas', 'Julien', 'François', 'Mathieu', 'Sébastien', 'Antoine', 'Jérôme', 'Benoît'],
    female: ['Camille', 'Léa', 'Chloé', 'Manon', 'Émilie', 'Inès', 'Hélène', 'Céline', 'Margaux', 'Anaïs', 'Zoé', 'Françoise'],
    last: [
      'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau',
      'Simon', 'Laurent', 'Lefèvre', 'Michel', 'Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guérin', 'Fontaine',
      'Chevalier', 'Béranger', 'Lemaître',
    ],
  },
  HR: {
    male: ['Ivan', 'Marko', 'Luka', 'Josip', 'Ante', 'Tomislav', 'Krešimir', 'Dražen', 'Matej', 'Hrvoje', 'Željko', 'Nikola'],
    female: ['Ana', 'Ivana', 'Marija', 'Petra', 'Lucija', 'Maja', 'Katarina', 'Mateja', 'Nikolina', 'Dubravka', 'Željka', 'Jelena'],
    last: [
      'Horvat', 'Kovačević', 'Babić', 'Marić', 'Jurić', 'Novak', 'Kovačić', 'Knežević', 'Vuković', 'Marković',
      'Petrović', 'Matić', 'Tomić', 'Pavlović', 'Božić', 'Blažević', 'Grgić', 'Šarić', 'Perić', 'Radić',
      'Lovrić', 'Đurić',
    ],
  },
  HU: {
    male: ['László', 'István', 'József', 'Zoltán', 'Gábor', 'Ferenc', 'Attila', 'Péter', 'Balázs', 'Tamás', 'Dániel', 'Gergő'],
    female: ['Katalin', 'Erzsébet', 'Éva', 'Zsófia', 'Réka', 'Andrea', 'Judit', 'Ildikó', 'Krisztina', 'Anikó', 'Boglárka', 'Dóra'],
    last: [
      'Nagy', 'Kovács', 'Tóth', 'Szabó', 'Horváth', 'Varga', 'Kiss', 'Molnár', 'Németh', 'Farkas',
      'Balogh', 'Papp', 'Takács', 'Juhász', 'Lakatos', 'Mészáros', 'Oláh', 'Rácz', 'Fekete', 'Őze',
      'Szűcs', 'Bíró', 'Fülöp',
    ],
  },
  IT: {
    male: ['Marco', 'Alessandro', 'Giuseppe', 'Francesco', 'Lorenzo', 'Matteo', 'Andrea', 'Niccolò', 'Davide', 'Gianluca', 'Stefano', 'Riccardo'],
    female: ['Giulia', 'Francesca', 'Chiara', 'Sara', 'Martina', 'Alessia', 'Valentina', 'Elisa', 'Federica', 'Beatrice', 'Ilaria', 'Noemi'],
    last: [
      'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco',
      'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti',
      "D'Angelo", 'Fabbri', 'Caruso', 'Santoro',
    ],
  },
  NL: {
    male: ['Daan', 'Sem', 'Bram', 'Lars', 'Thijs', 'Jeroen', 'Maarten', 'Sjoerd', 'Pieter', 'Joost', 'Wouter', 'Ruud'],
    female: ['Sanne', 'Femke', 'Anouk', 'Lotte', 'Eva', 'Fleur', 'Ilse', 'Marieke', 'Noor', 'Roos', 'Inge', 'Liesbeth'],
    last: [
      'de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Janssen', 'Visser', 'Smit', 'Meijer',
      'de Boer', 'Mulder', 'de Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'van Leeuwen', 'Dekker', 'Brouwer',
      'van der Meer', 'IJzerman',
    ],
  },
  PL: {
    male: ['Łukasz', 'Piotr', 'Krzysztof', 'Tomasz', 'Paweł', 'Michał', 'Marcin', 'Grzegorz', 'Jakub', 'Wojciech', 'Mateusz', 'Bartłomiej'],
    female: ['Anna', 'Katarzyna', 'Małgorzata', 'Agnieszka', 'Magdalena', 'Joanna', 'Aleksandra', 'Zofia', 'Ewa', 'Dorota', 'Justyna', 'Żaneta'],
    last: [
      'Nowak', ['Kowalski', 'Kowalska'], ['Wiśniewski', 'Wiśniewska'], 'Wójcik', 'Kowalczyk',
      ['Kamiński', 'Kamińska'], ['Lewandowski', 'Lewandowska'], ['Zieliński', 'Zielińska'], ['Szymański', 'Szymańska'],
      'Woźniak', ['Dąbrowski', 'Dąbrowska'], ['Kozłowski', 'Kozłowska'], ['Jankowski', 'Jankowska'], 'Mazur',
      'Krawczyk', ['Piotrowski', 'Piotrowska'], ['Grabowski', 'Grabowska'], ['Pawłowski', 'Pawłowska'],
      ['Michalski', 'Michalska'], 'Król', 'Wieczorek', ['Jabłoński', 'Jabłońska'], 'Żak',
    ],
  },
  PT: {
    male: ['João', 'Pedro', 'Tiago', 'Gonçalo', 'Rafael', 'Diogo', 'André', 'Luís', 'Rui', 'Sérgio', 'Fábio', 'Vítor'],
    female: ['Maria', 'Ana', 'Inês', 'Beatriz', 'Mariana', 'Leonor', 'Conceição', 'Luísa', 'Joana', 'Matilde', 'Lúcia', 'Márcia'],
    last: [
      'Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins', 'Sousa', 'Fernandes',
      'Gonçalves', 'Gomes', 'Lopes', 'Marques', 'Alves', 'Almeida', 'Ribeiro', 'Pinto', 'Carvalho', 'Simões',
      'Magalhães', 'Araújo', 'Figueiredo',
    ],
  },
  RO: {
    male: ['Ștefan', 'Andrei', 'Mihai', 'Alexandru', 'Ionuț', 'Cristian', 'Florin', 'Răzvan', 'Gheorghe', 'Bogdan', 'Costel', 'Radu'],
    female: ['Ioana', 'Maria', 'Elena', 'Andreea', 'Alexandra', 'Ana-Maria', 'Mihaela', 'Cristina', 'Roxana', 'Bianca', 'Irina', 'Oana'],
    last: [
      'Popescu', 'Ionescu', 'Popa', 'Pop', 'Radu', 'Dumitru', 'Stoica', 'Stan', 'Matei', 'Ciobanu',
      'Rusu', 'Munteanu', 'Constantinescu', 'Mocanu', 'Țurcanu', 'Lungu', 'Vlădescu', 'Bălan', 'Dobre', 'Ștefănescu',
      'Nistor', 'Șerban',
    ],
  },
  RU: {
    male: ['Иван', 'Алексей', 'Дмитрий', 'Сергей', 'Андрей', 'Михаил', 'Николай', 'Владимир', 'Артём', 'Павел', 'Егор', 'Константин'],
    female: ['Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Татьяна', 'Екатерина', 'Светлана', 'Ирина', 'Юлия', 'Ксения', 'Дарья'],
    last: [
      ['Иванов', 'Иванова'], ['Петров', 'Петрова'], ['Смирнов', 'Смирнова'], ['Кузнецов', 'Кузнецова'],
      ['Попов', 'Попова'], ['Васильев', 'Васильева'], ['Соколов', 'Соколова'], ['Михайлов', 'Михайлова'],
      ['Новиков', 'Новикова'], ['Фёдоров', 'Фёдорова'], ['Морозов', 'Морозова'], ['Волков', 'Волкова'],
      ['Алексеев', 'Алексеева'], ['Лебедев', 'Лебедева'], ['Семёнов', 'Семёнова'], ['Егоров', 'Егорова'],
      ['Павлов', 'Павлова'], ['Козлов', 'Козлова'], ['Степанов', 'Степанова'], ['Орлов', 'Орлова'],
      ['Соловьёв', 'Соловьёва'], ['Белоусов', 'Белоусова'],
    ],
  },
  TR: {
    male: ['Mehmet', 'Mustafa', 'Ahmet', 'Ali', 'Hüseyin', 'Hasan', 'İbrahim', 'Emre', 'Burak', 'Oğuz', 'Çağlar', 'Serkan'],
    female: ['Ayşe', 'Fatma', 'Emine', 'Zeynep', 'Elif', 'Hatice', 'Merve', 'Büşra', 'Özlem', 'Gülşen', 'Şeyma', 'Derya'],
    last: [
      'Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Yıldız', 'Yıldırım', 'Öztürk', 'Aydın', 'Özdemir',
      'Arslan', 'Doğan', 'Kılıç', 'Aslan', 'Çetin', 'Kara', 'Koç', 'Kurt', 'Özkan', 'Şimşek',
      'Polat', 'Erdoğan', 'Güneş',
    ],
  },
  ZH_CN: {
    male: ['伟', '强', '磊', '军', '洋', '勇', '杰', '涛', '明', '超', '浩然', '子轩', '建国', '俊宇'],
    female: ['芳', '娜', '秀英', '敏', '静', '丽', '艳', '婷', '雪', '欣怡', '雨涵', '慧敏'],
    last: [
      '王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '高', '罗',
      '郑', '梁',
    ],
  },
};

export interface GuestCompany {
  name: string;
  /** Email domain of the company's people; reserved `.test` domains only. */
  domain: string;
  /** The language most of its people speak. */
  language: KnownGuestLanguage;
}

/** Fictional companies that visit; every domain is under the reserved `.test` TLD. */
export const GUEST_COMPANIES: readonly GuestCompany[] = [
  { name: 'Vltava Logistika s.r.o.', domain: 'vltava-logistika.test', language: 'CS' },
  { name: 'Moravské strojírny a.s.', domain: 'moravske-strojirny.test', language: 'CS' },
  { name: 'Krkonoše Software s.r.o.', domain: 'krkonose-software.test', language: 'CS' },
  { name: 'Šumava Dřevo s.r.o.', domain: 'sumava-drevo.test', language: 'CS' },
  { name: 'Brenner & Söhne GmbH', domain: 'brenner-soehne.test', language: 'DE' },
  { name: 'Elbtal Maschinenbau AG', domain: 'elbtal-maschinenbau.test', language: 'DE' },
  { name: 'Hanse Datentechnik GmbH', domain: 'hanse-datentechnik.test', language: 'DE' },
  { name: 'Schwarzwald Präzision GmbH', domain: 'schwarzwald-praezision.test', language: 'DE' },
  { name: 'Alpenblick Consulting GmbH', domain: 'alpenblick-consulting.test', language: 'DE' },
  { name: 'Kranich Gebäudeservice GmbH', domain: 'kranich-gebaeudeservice.test', language: 'DE' },
  { name: 'Meridian Consulting Ltd', domain: 'meridian-consulting.test', language: 'EN' },
  { name: 'Harbourside Analytics Ltd', domain: 'harbourside-analytics.test', language: 'EN' },
  { name: 'Bluestone Capital LLP', domain: 'bluestone-capital.test', language: 'EN' },
  { name: 'Kingsbridge Facilities plc', domain: 'kingsbridge-facilities.test', language: 'EN' },
  { name: 'Northgate Security Services Ltd', domain: 'northgate-security.test', language: 'EN' },
  { name: 'Soluciones Ibéricas S.L.', domain: 'soluciones-ibericas.test', language: 'ES' },
  { name: 'Construcciones Peñalara S.A.', domain: 'penalara.test', language: 'ES' },
  { name: 'Aceites del Guadalquivir S.A.', domain: 'aceites-guadalquivir.test', language: 'ES' },
  { name: 'Groupe Lumière SAS', domain: 'groupe-lumiere.test', language: 'FR' },
  { name: 'Atelier Bérard & Fils', domain: 'atelier-berard.test', language: 'FR' },
  { name: 'Solutions Numériques Rhône SARL', domain: 'numeriques-rhone.test', language: 'FR' },
  { name: 'Jadran Brodogradnja d.o.o.', domain: 'jadran-brodogradnja.test', language: 'HR' },
  { name: 'Zagrebačka Informatika d.o.o.', domain: 'zg-informatika.test', language: 'HR' },
  { name: 'Dalmacija Turist d.d.', domain: 'dalmacija-turist.test', language: 'HR' },
  { name: 'Duna Mérnöki Kft.', domain: 'duna-mernoki.test', language: 'HU' },
  { name: 'Tisza Logisztika Zrt.', domain: 'tisza-logisztika.test', language: 'HU' },
  { name: 'Balaton Szoftver Kft.', domain: 'balaton-szoftver.test', language: 'HU' },
  { name: 'Officine Meccaniche Lombarde S.p.A.', domain: 'officine-lombarde.test', language: 'IT' },
  { name: 'Studio Ferraresi S.r.l.', domain: 'studio-ferraresi.test', language: 'IT' },
  { name: 'Tessuti di Prato S.r.l.', domain: 'tessuti-prato.test', language: 'IT' },
  { name: 'Van der Linde Techniek B.V.', domain: 'vanderlinde-techniek.test', language: 'NL' },
  { name: 'Polderwerk Logistiek B.V.', domain: 'polderwerk.test', language: 'NL' },
  { name: 'IJssel Data Solutions B.V.', domain: 'ijssel-data.test', language: 'NL' },
  { name: 'Wisła Systemy Sp. z o.o.', domain: 'wisla-systemy.test', language: 'PL' },
  { name: 'Zakłady Mechaniczne Łódź S.A.', domain: 'zm-lodz.test', language: 'PL' },
  { name: 'Bałtyk Transport Sp. z o.o.', domain: 'baltyk-transport.test', language: 'PL' },
  { name: 'Tejo Engenharia, Lda.', domain: 'tejo-engenharia.test', language: 'PT' },
  { name: 'Soluções Atlântico S.A.', domain: 'solucoes-atlantico.test', language: 'PT' },
  { name: 'Vinhos do Douro Comércio, Lda.', domain: 'vinhos-douro.test', language: 'PT' },
  { name: 'Carpați Software S.R.L.', domain: 'carpati-software.test', language: 'RO' },
  { name: 'Dunărea Logistică S.A.', domain: 'dunarea-logistica.test', language: 'RO' },
  { name: 'Transilvania Construct S.R.L.', domain: 'transilvania-construct.test', language: 'RO' },
  { name: 'ООО «Волга Технологии»', domain: 'volga-tech.test', language: 'RU' },
  { name: 'АО «Уральские системы»', domain: 'ural-systems.test', language: 'RU' },
  { name: 'ООО «Невский инжиниринг»', domain: 'nevsky-engineering.test', language: 'RU' },
  { name: 'Anadolu Tekstil A.Ş.', domain: 'anadolu-tekstil.test', language: 'TR' },
  { name: 'Boğaziçi Yazılım A.Ş.', domain: 'bogazici-yazilim.test', language: 'TR' },
  { name: 'Ege Lojistik Ltd. Şti.', domain: 'ege-lojistik.test', language: 'TR' },
  { name: '华信科技有限公司', domain: 'huaxin-tech.test', language: 'ZH_CN' },
  { name: '深圳明达电子有限公司', domain: 'mingda-electronics.test', language: 'ZH_CN' },
  { name: '上海远航物流有限公司', domain: 'yuanhang-logistics.test', language: 'ZH_CN' },
];

/** Domains of private addresses (job candidates and other guests without a company). */
export const PERSONAL_DOMAINS: readonly string[] = ['mail.test', 'inbox.test', 'post.test', 'webmail.test'];

// prettier-ignore
const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l',
  м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh',
  щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

// prettier-ignore
const PINYIN: Record<string, string> = {
  王: 'wang', 李: 'li', 张: 'zhang', 刘: 'liu', 陈: 'chen', 杨: 'yang', 黄: 'huang', 赵: 'zhao', 吴: 'wu',
  周: 'zhou', 徐: 'xu', 孙: 'sun', 马: 'ma', 朱: 'zhu', 胡: 'hu', 郭: 'guo', 何: 'he', 林: 'lin', 高: 'gao',
  罗: 'luo', 郑: 'zheng', 梁: 'liang', 伟: 'wei', 强: 'qiang', 磊: 'lei', 军: 'jun', 洋: 'yang', 勇: 'yong',
  杰: 'jie', 涛: 'tao', 明: 'ming', 超: 'chao', 浩: 'hao', 然: 'ran', 子: 'zi', 轩: 'xuan', 建: 'jian', 国: 'guo',
  俊: 'jun', 宇: 'yu', 芳: 'fang', 娜: 'na', 秀: 'xiu', 英: 'ying', 敏: 'min', 静: 'jing', 丽: 'li', 艳: 'yan',
  婷: 'ting', 雪: 'xue', 欣: 'xin', 怡: 'yi', 雨: 'yu', 涵: 'han', 慧: 'hui',
};

const SPECIAL: Record<string, string> = { ł: 'l', ß: 'ss', đ: 'd', ı: 'i', ø: 'o', æ: 'ae', œ: 'oe' };
const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * The lowercase ASCII form of a name for an email local part: diacritics
 * dropped (German umlauts spelled out as ae/oe/ue for `DE`), Cyrillic
 * transliterated, Chinese in pinyin; spaces and apostrophes removed.
 */
export function asciify(text: string, language?: KnownGuestLanguage): string {
  let out = '';
  for (const char of text.toLowerCase()) {
    const mapped =
      (language === 'DE' ? GERMAN[char] : undefined) ?? CYRILLIC[char] ?? PINYIN[char] ?? SPECIAL[char] ?? char;
    out += mapped;
  }
  return out
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9-]/g, '');
}
