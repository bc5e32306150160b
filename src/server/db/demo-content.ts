/**
 * Demo courses loaded on first start (SEED_DEMO). Cards are written one per line as
 * "question | answer" to keep the data readable.
 */

import type { CardLanguage } from "@shared/card-languages";

export interface DemoDeck {
  name: string;
  description: string;
  /** Seconds each question is shown in the test. */
  duration: number;
  cards: string;
}

export interface DemoCourse {
  /** Stable key, used to attach demo follows. */
  key: string;
  name: string;
  description: string;
  tags: string[];
  /** The languages of its questions and answers (decision 0052). */
  questionLanguage: CardLanguage;
  answerLanguage: CardLanguage;
  decks: DemoDeck[];
}

export const demoCourses: DemoCourse[] = [
  {
    key: "capitals",
    name: "World Capitals",
    description: "Know the capital city of every major country, one continent at a time.",
    tags: ["geography", "capitals", "world"],
    questionLanguage: "en",
    answerLanguage: "en",
    decks: [
      {
        name: "Europe",
        description: "Capitals of European countries.",
        duration: 3,
        cards: `France | Paris
Germany | Berlin
Italy | Rome
Spain | Madrid
Portugal | Lisbon
Netherlands | Amsterdam
Belgium | Brussels
Austria | Vienna
Switzerland | Bern
Poland | Warsaw
Sweden | Stockholm
Norway | Oslo
Finland | Helsinki
Denmark | Copenhagen
Greece | Athens
Ireland | Dublin
Hungary | Budapest
Czechia | Prague`,
      },
      {
        name: "Asia",
        description: "Capitals of Asian countries.",
        duration: 3,
        cards: `Japan | Tokyo
South Korea | Seoul
China | Beijing
India | New Delhi
Thailand | Bangkok
Vietnam | Hanoi
Indonesia | Jakarta
Philippines | Manila
Malaysia | Kuala Lumpur
Mongolia | Ulaanbaatar
Nepal | Kathmandu
Pakistan | Islamabad
Saudi Arabia | Riyadh
Turkey | Ankara`,
      },
      {
        name: "Africa",
        description: "Capitals of African countries.",
        duration: 3,
        cards: `Egypt | Cairo
Kenya | Nairobi
Nigeria | Abuja
Ethiopia | Addis Ababa
Morocco | Rabat
Ghana | Accra
Senegal | Dakar
Tanzania | Dodoma
South Africa (executive) | Pretoria
Algeria | Algiers`,
      },
      {
        name: "The Americas",
        description: "Capitals of countries in North and South America.",
        duration: 3,
        cards: `United States | Washington, D.C.
Canada | Ottawa
Mexico | Mexico City
Brazil | Brasília
Argentina | Buenos Aires
Chile | Santiago
Peru | Lima
Colombia | Bogotá
Venezuela | Caracas
Cuba | Havana
Uruguay | Montevideo
Ecuador | Quito`,
      },
    ],
  },
  {
    key: "hiragana",
    name: "Hiragana in Four Decks",
    description: "Read all 46 basic hiragana at a glance. Each card shows a kana; answer with its romaji.",
    tags: ["japanese", "kana", "hiragana", "beginner"],
    questionLanguage: "ja",
    answerLanguage: "ja-Latn",
    decks: [
      {
        name: "Vowels and the K row",
        description: "あ い う え お and か き く け こ.",
        duration: 2,
        cards: `あ | a
い | i
う | u
え | e
お | o
か | ka
き | ki
く | ku
け | ke
こ | ko`,
      },
      {
        name: "The S and T rows",
        description: "さ し す せ そ and た ち つ て と.",
        duration: 2,
        cards: `さ | sa
し | shi
す | su
せ | se
そ | so
た | ta
ち | chi
つ | tsu
て | te
と | to`,
      },
      {
        name: "The N and H rows",
        description: "な に ぬ ね の and は ひ ふ へ ほ.",
        duration: 2,
        cards: `な | na
に | ni
ぬ | nu
ね | ne
の | no
は | ha
ひ | hi
ふ | fu
へ | he
ほ | ho`,
      },
      {
        name: "M, Y, R, W rows and ん",
        description: "The remaining sixteen kana.",
        duration: 2,
        cards: `ま | ma
み | mi
む | mu
め | me
も | mo
や | ya
ゆ | yu
よ | yo
ら | ra
り | ri
る | ru
れ | re
ろ | ro
わ | wa
を | wo
ん | n`,
      },
    ],
  },
  {
    key: "elements",
    name: "Chemical Elements",
    description: "Element symbols and names, from hydrogen to the everyday metals.",
    tags: ["chemistry", "science", "periodic table"],
    questionLanguage: "en",
    answerLanguage: "en",
    decks: [
      {
        name: "Elements 1 to 10",
        description: "The first row and a half of the periodic table.",
        duration: 2.5,
        cards: `H | Hydrogen
He | Helium
Li | Lithium
Be | Beryllium
B | Boron
C | Carbon
N | Nitrogen
O | Oxygen
F | Fluorine
Ne | Neon`,
      },
      {
        name: "Elements 11 to 20",
        description: "Sodium to calcium.",
        duration: 2.5,
        cards: `Na | Sodium
Mg | Magnesium
Al | Aluminium
Si | Silicon
P | Phosphorus
S | Sulfur
Cl | Chlorine
Ar | Argon
K | Potassium
Ca | Calcium`,
      },
      {
        name: "Everyday metals",
        description: "Symbols that do not match their English names.",
        duration: 3,
        cards: `Fe | Iron
Cu | Copper
Ag | Silver
Au | Gold
Pb | Lead
Sn | Tin
Hg | Mercury
Zn | Zinc`,
      },
    ],
  },
  {
    key: "japanese-basics",
    name: "Basic Japanese Vocabulary",
    description: "Everyday words for your first weeks of Japanese: greetings, numbers and days.",
    tags: ["japanese", "vocabulary", "beginner"],
    questionLanguage: "ja",
    answerLanguage: "en",
    decks: [
      {
        name: "Greetings",
        description: "Phrases you will use every day.",
        duration: 3,
        cards: `おはようございます | Good morning
こんにちは | Hello / Good afternoon
こんばんは | Good evening
ありがとうございます | Thank you
すみません | Excuse me / Sorry
さようなら | Goodbye
おやすみなさい | Good night
いただきます | Said before eating`,
      },
      {
        name: "Numbers 1 to 10",
        description: "いち to じゅう.",
        duration: 2,
        cards: `いち | one
に | two
さん | three
よん | four
ご | five
ろく | six
なな | seven
はち | eight
きゅう | nine
じゅう | ten`,
      },
      {
        name: "Days of the week",
        description: "げつようび to にちようび.",
        duration: 3,
        cards: `げつようび | Monday
かようび | Tuesday
すいようび | Wednesday
もくようび | Thursday
きんようび | Friday
どようび | Saturday
にちようび | Sunday`,
      },
    ],
  },
  {
    key: "english-words",
    name: "はじめての英単語",
    description: "毎日使う基本の英単語を、日本語から思い出せるように練習しましょう。",
    tags: ["英語", "単語", "初級"],
    questionLanguage: "ja",
    answerLanguage: "en",
    decks: [
      {
        name: "動物",
        description: "身近な動物の名前。",
        duration: 3,
        cards: `犬 | dog
猫 | cat
鳥 | bird
魚 | fish
馬 | horse
牛 | cow
うさぎ | rabbit
象 | elephant`,
      },
      {
        name: "食べ物",
        description: "毎日の食事に出てくる単語。",
        duration: 3,
        cards: `りんご | apple
パン | bread
卵 | egg
牛乳 | milk
米 | rice
水 | water
肉 | meat
野菜 | vegetable`,
      },
      {
        name: "色",
        description: "基本の色の名前。",
        duration: 2,
        cards: `赤 | red
青 | blue
黄色 | yellow
緑 | green
白 | white
黒 | black
茶色 | brown
紫 | purple`,
      },
    ],
  },
  {
    key: "prefectures",
    name: "都道府県と県庁所在地",
    description: "日本の都道府県と、その県庁所在地を地方ごとに覚えましょう。",
    tags: ["地理", "日本", "都道府県"],
    questionLanguage: "ja",
    answerLanguage: "ja",
    decks: [
      {
        name: "北海道・東北地方",
        description: "北海道と東北六県。",
        duration: 3,
        cards: `北海道 | 札幌市
青森県 | 青森市
岩手県 | 盛岡市
宮城県 | 仙台市
秋田県 | 秋田市
山形県 | 山形市
福島県 | 福島市`,
      },
      {
        name: "関東地方",
        description: "東京都と関東の六県。",
        duration: 3,
        cards: `茨城県 | 水戸市
栃木県 | 宇都宮市
群馬県 | 前橋市
埼玉県 | さいたま市
千葉県 | 千葉市
東京都 | 新宿区（東京）
神奈川県 | 横浜市`,
      },
      {
        name: "近畿地方",
        description: "大阪府・京都府と近畿の県。",
        duration: 3,
        cards: `三重県 | 津市
滋賀県 | 大津市
京都府 | 京都市
大阪府 | 大阪市
兵庫県 | 神戸市
奈良県 | 奈良市
和歌山県 | 和歌山市`,
      },
    ],
  },
  {
    key: "kanji-numbers",
    name: "漢字の読み：数と曜日",
    description: "数字と曜日の漢字を見て、すぐに読めるようにする練習です。",
    tags: ["漢字", "日本語", "初級"],
    questionLanguage: "ja",
    answerLanguage: "ja",
    decks: [
      {
        name: "数字の漢字",
        description: "一から十、百、千、万。",
        duration: 1.5,
        cards: `一 | いち
二 | に
三 | さん
四 | よん／し
五 | ご
六 | ろく
七 | なな／しち
八 | はち
九 | きゅう／く
十 | じゅう
百 | ひゃく
千 | せん
万 | まん`,
      },
      {
        name: "曜日の漢字",
        description: "月曜日から日曜日まで。",
        duration: 2,
        cards: `月曜日 | げつようび
火曜日 | かようび
水曜日 | すいようび
木曜日 | もくようび
金曜日 | きんようび
土曜日 | どようび
日曜日 | にちようび`,
      },
    ],
  },
];

/** Demo follows, so "most followed" has a clear order: course key → number of followers. */
export const demoFollowCounts: Readonly<Record<string, number>> = {
  capitals: 3,
  hiragana: 2,
  "japanese-basics": 1,
};
