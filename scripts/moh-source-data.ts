/**
 * Source data copied from the Mandate of Heaven brief (its province and adjacency tables), kept here so the project
 * never reads a file outside the repository (docs/rules/mandate-of-heaven.md "The map"). scripts/moh-build-map.ts turns
 * it into src/variants/mandate-of-heaven/map.json.
 */
export const PROVINCES_CSV = `
id,name,zh,kind,river,supply_centre,start_unit,placement_area,hist_lat,hist_lon,ws_cell
any,Anyi,安邑,land,Yellow,home:Wei,Wei A,,35.10,111.22,Any
ba,Ba,巴,land,Yangtze,,,,29.56,106.55,Ba
bei,Beidi,北地,land,,,,yes,35.60,107.80,Bei
bma,Baima,白馬,land,Yellow,,,,35.55,114.55,Wei
boh,Bo Hai,渤海,sea,,,,,38.70,119.50,BOH
cai,Cai,蔡,land,,,,,33.26,114.26,Cai
cao,Cao,曹/陶,land,Yellow,,,,35.07,115.57,Cao
cha,Chang-hsia,江夏,land,Yangtze,,,,30.58,114.28,Cha
che,Chen,陳,land,,home:Chu,Chu A,,33.73,114.88,Che
cho,Choson,朝鮮,coast,,nonchinese:Choson,Choson A,,39.03,125.75,(new)
dai,Dai,代,land,,home:Zhao,Zhao A,,39.83,114.57,Dai
dal,Daliang,大梁,land,Yellow,home:Wei,Wei A,,34.80,114.35,Dal
dan,Danyang,丹陽,land,,,,,33.05,111.50,Dan
dhu,Donghu,東胡,land,,,,yes,42.30,118.90,Dhu
diq,Diqiu,帝丘,land,Yellow,neutral:Wey,Wey A,,35.76,115.03,Diq
don,Donghai,東海/莒,coast,,home:Qi,Qi A,,35.58,118.83,Don
ecs,East China Sea,東海,sea,,,,,30.00,124.00,ECS
gao,Gaoyi,高邑,land,,,,,37.60,114.60,Gao
gua,Guangyang,廣陽,coast,,home:Yan,Yan A,,39.30,116.80,Gua
hdn,Handan,邯鄲,land,,home:Zhao,Zhao A,,36.60,114.48,Han
hed,Hedong,河東,land,Yellow,,,,35.60,110.75,Hed
hen,Henei,河內,land,Yellow,,,,35.10,113.20,Hen
hgu,Hangu,函谷,land,Yellow,,,,34.63,110.88,Hch
hua,Huaiyang,淮陽,land,,,,,32.90,115.80,Hua
ji,Ji,薊,land,,home:Yan,Yan A,,39.90,116.38,Ji
jia,Jiaodong,膠東,coast,,home:Qi,Qi F,,36.39,120.45,Jia
jin,Jinyang,晉陽,land,,home:Zhao,Zhao A,,37.72,112.47,Jin
jiu,Jiujiang,九江,land,Yangtze,,,,30.50,117.00,Jiu
jpa,Juyong Pass,居庸關,land,,,,,40.29,116.07,JPa
jul,Julu,鉅鹿,land,,,,,37.10,115.00,Jul
jyi,Jiuyi,九夷,coast,,,,,33.00,120.10,Jyi
jyu,Jiuyuan,九原,land,,,,yes,40.60,109.85,Jyu
kor,Korea Bay,,sea,,,,,39.00,123.80,KOR
lba,Liaodong Bay,遼東灣,sea,,,,,40.30,121.00,LBA
lfa,Loufan,樓煩,land,,,,yes,39.00,111.90,Lfa
lhu,Linhu,林胡,land,,,,yes,39.50,110.00,Lhu
lia,Liaodong,遼東,coast,,,,,41.27,123.17,Lia
lib,Libei,,coast,Yellow,,,,37.00,116.60,Lib
lin,Linzi,臨淄,coast,Yellow,home:Qi,Qi A,,36.85,118.35,Lin
lu,Lu,魯,land,,neutral:Lu,Lu A,,35.60,116.99,Lu
luo,Luoyang,洛陽,land,Yellow,neutral:Zhou,Zhou A,,34.68,112.45,Luo
lxi,Liaoxi,遼西,coast,,,,,41.55,121.20,Lxi
nan,Nanzheng,南鄭,land,,home:Qin,Qin A,,33.07,107.03,Nan
pch,Pei Choushi,,land,,nonchinese:Pei Choushi,Pei Choushi A,yes,40.00,107.50,Xio
pin,Pingyang,平陽,land,,,,,36.08,111.52,Pin
qia,Qiang,羌,land,,,,yes,36.62,101.78,(new)
qur,Quren,朐忍,land,Yangtze,,,,30.93,108.70,Qur
ron,Rong,戎,land,,,,yes,34.90,105.20,Ron
sch,Shouchun,壽春,land,,home:Chu,Chu A,,32.58,116.78,Sch
sgg,Shanggu,上谷,land,,,,,40.40,115.50,Sgg
sha,Shang,上郡,land,,,,,37.60,109.50,Sha
shu,Shu,蜀,land,,neutral:Shu,Shu A,,30.66,104.07,Shu
sis,Sishui,泗水,land,,,,,34.72,116.93,Sis
sli,Shaoliang,少梁,land,Yellow,,,,35.48,110.44,Sli
sny,Songyang,松陽,land,,,,,28.45,119.48,Sny
son,Song,宋,land,,neutral:Song,Song A,,34.42,115.65,Son
stg,Shantang,上黨,land,,,,,36.20,113.10,Stg
syo,Shangyong,上庸,land,,,,,32.23,110.23,Syo
tai,Taiyuan,太原,land,,,,,38.40,112.70,Tai
tan,Tang,碭,land,,,,,34.42,116.35,Tan
tyu,Tung Yueh,東越,coast,,nonchinese:Tung Yueh,Tung Yueh A,,30.00,120.58,Yue
wpa,Wu Pass,武關,land,,,,,33.60,110.60,WPa
wu,Wu,吳,coast,Yangtze,,,,31.30,120.60,Wu
xia,Xianyang,咸陽/櫟陽,land,Yellow,home:Qin,Qin A,,34.33,108.71,Xia
xu,Xu,徐,land,,,,,33.90,117.90,Xu
ye,Ye,鄴,land,,home:Wei,Wei A,,36.33,114.60,Ye
yel,Yellow Sea,黃海,sea,,,,,35.50,123.00,YEL
yin,Ying,郢,land,Yangtze,home:Chu,Chu F,,30.43,112.18,Yin
yiy,Yiyang,宜陽,land,,home:Han,Han A,,34.52,112.18,Yiy
ylg,Yelang,夜郎,land,,,,,26.60,105.90,Ylg
ymn,Yanmen,雁門,land,,,,,39.90,112.80,Yan
yon,Yong,雍,land,,home:Qin,Qin A,,34.52,107.39,Yon
ysh,Yinshan,陰山,land,,,,yes,41.30,110.50,Ysh
yuy,Yuyang,漁陽,coast,,home:Yan,Yan F,,40.37,116.84,Yuy
yyi,Yanying,鄢郢,land,,,,,31.70,112.26,Yyi
yyu,Yangyue,揚越,land,,,,,28.00,115.50,Yyu
yzh,Yangzhai,陽翟,land,,home:Han,Han A,,34.15,113.47,Yzh
zhe,Zheng,新鄭,land,Yellow,home:Han,Han A,,34.40,113.73,Zhe
zho,Zhongshan,中山,land,,neutral:Zhongshan,Zhongshan A,,38.30,114.50,Zho
zmo,Zhongmou,中牟,land,Yellow,,,,34.72,113.98,Zmo
`;

/** §2.7: each province and its neighbours with a later id (land and sea pairs). */
export const ADJACENCY = `
any: hed hen hgu luo pin sli stg xia
ba: nan qur shu ylg
bei: pch ron sha sli xia yon
bma: cao dal diq hen ye zmo
boh: gua jia kor lba lia lib lin yel yuy
cai: cha che dan hua yyi yzh
cao: dal diq lu sis son tan
cha: hua jiu yin yyi yyu
che: dal hua son yzh
cho: kor lia yel
dai: ji jpa sgg tai ymn zho
dal: son yzh zmo
dan: hgu syo wpa yiy yyi yzh
dhu: jpa lia lxi sgg ysh yuy
diq: hdn jul lib lin lu ye
don: jia jyi lin lu sis xu yel
ecs: tyu wu yel
gao: hdn jin jul stg tai zho
gua: ji lib yuy zho
hdn: jul stg ye
hed: pin sha sli
hen: luo stg ye zhe zmo
hgu: luo wpa xia yiy
hua: jiu sch son tan
ji: jpa yuy zho
jia: lin yel
jin: lfa pin sha stg tai
jiu: sch sny wu yyu
jpa: sgg yuy
jul: lib zho
jyi: sch wu xu yel
jyu: lfa lhu pch ysh
kor: lia yel
lba: lia lxi yuy
lfa: lhu sha tai ymn ysh
lhu: pch sha
lia: lxi
lib: lin zho
lin: lu
lu: sis
luo: yiy yzh zhe
lxi: yuy
nan: qur ron shu syo wpa xia yon
pch: qia ron sha ysh
pin: sha stg
qia: ron shu
qur: syo yin ylg
ron: shu yon
sch: tan wu xu
sgg: ymn ysh
sha: sli
shu: ylg
sis: tan xu
sli: xia
sny: tyu wu yyu
son: tan
stg: ye
syo: wpa yin yyi
tai: ymn zho
tan: xu
tyu: wu yyu
wpa: xia
wu: yel
xia: yon
yin: ylg yyi yyu
yiy: yzh
ylg: yyu
ymn: ysh
yzh: zhe zmo
zhe: zmo
`;

/** §2.7: fleet pairs by group (sea, coast, river:<name>). */
export const FLEET_PAIRS = `
sea (5): boh-kor boh-lba boh-yel ecs-yel kor-yel
coast (28): boh-gua boh-jia boh-lia boh-lib boh-lin boh-yuy cho-kor cho-lia cho-yel don-jia don-jyi don-yel ecs-tyu ecs-wu gua-lib gua-yuy jia-lin jia-yel jyi-wu jyi-yel kor-lia lba-lia lba-lxi lba-yuy lia-lxi lxi-yuy tyu-wu wu-yel
river:Yellow (26): any-hed any-hen any-hgu any-luo any-sli any-xia bma-cao bma-dal bma-diq bma-hen bma-zmo cao-dal cao-diq dal-zmo diq-lib diq-lin hed-sli hen-luo hen-zhe hen-zmo hgu-luo hgu-xia lib-lin luo-zhe sli-xia zhe-zmo
river:Yangtze (5): ba-qur cha-jiu cha-yin jiu-wu qur-yin
`;
