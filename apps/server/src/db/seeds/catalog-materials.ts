/**
 * The seeded materials library: `id|名称|English|category|#colour|pattern|prompt|tags`, grouped
 * by category in display order. The colour is the surface's dominant tone; the swatch picture is
 * drawn from colour and pattern (modules/catalog/material-swatch.ts). Parsed by ./catalog.ts.
 */
export const materialsSeed = `
floor-oak-natural|原木色橡木地板|Natural oak flooring|floor|#c9a57a|wood-grain|natural oak wood flooring, matte finish, visible grain|木地板,北欧,原木
floor-walnut|黑胡桃木地板|Black walnut flooring|floor|#5b3a29|wood-grain|black walnut wood flooring, rich dark grain|木地板,新中式,深色
floor-herringbone-oak|人字拼橡木|Herringbone oak|floor|#b98d5f|wood-herringbone|herringbone oak parquet floor|木地板,法式,拼花
floor-chevron-ash|鱼骨拼白蜡木|Chevron ash|floor|#d8c3a0|wood-herringbone|chevron ash parquet floor, light|木地板,奶油风,拼花
floor-grey-oak|灰调橡木|Grey washed oak|floor|#a59d92|wood-grain|grey washed oak flooring|木地板,现代,灰色
floor-teak|柚木地板|Teak flooring|floor|#8a5a33|wood-grain|teak wood flooring, warm golden brown|木地板,东南亚,中古
wall-plaster-white|白色艺术涂料|White plaster|wall|#eeeae3|plain|smooth white mineral plaster wall|墙面,极简,白色
wall-microcement|微水泥墙面|Microcement wall|wall|#b5b1aa|concrete|seamless microcement wall, subtle cloudy texture|墙面,侘寂,水泥
wall-limewash-sand|沙色石灰墙|Sand limewash|wall|#d6c4a8|concrete|sand coloured limewash wall, soft mottled|墙面,侘寂,肌理
wall-fluted-panel|格栅木墙板|Fluted wood panel|wall|#a47c56|wood-grain|vertical fluted wood wall panelling|墙面,格栅,木
wall-wallpaper-linen|亚麻壁布|Linen wallcovering|wall|#d9d0c1|fabric-weave|linen textured wallcovering|墙面,壁布,奶油风
wall-brick-red|红砖墙|Red brick wall|wall|#9c4a32|brick|exposed red brick wall|墙面,工业风,砖
wall-brick-white|白色砖墙|White painted brick|wall|#e6e1da|brick|white painted brick wall|墙面,北欧,砖
stone-carrara|卡拉拉白大理石|Carrara marble|stone|#eceae6|marble|carrara white marble with soft grey veining|大理石,白色,轻奢
stone-calacatta|卡拉卡塔金|Calacatta gold|stone|#f1ece2|marble|calacatta gold marble with bold gold and grey veins|大理石,轻奢,金色
stone-nero-marquina|黑金花|Nero Marquina|stone|#1f1e1d|marble|nero marquina black marble with white veins|大理石,黑色,港式
stone-travertine|洞石|Travertine|stone|#d9c7a7|concrete|beige travertine stone, porous texture|石材,侘寂,米色
stone-green-marble|大花绿|Verde marble|stone|#2f4a3c|marble|dark green marble with white veining|大理石,绿色,法式
stone-terrazzo|水磨石|Terrazzo|stone|#dcd6cc|terrazzo|terrazzo with colourful chips|水磨石,孟菲斯,复古
stone-granite-grey|芝麻灰花岗岩|Grey granite|stone|#8e8d8a|terrazzo|sesame grey granite, speckled|花岗岩,室外,铺装
stone-slate|青石板|Bluestone|stone|#50585c|concrete|bluestone slate, matte|石材,新中式,室外
veneer-walnut|胡桃木饰面|Walnut veneer|wood-veneer|#6a4630|wood-grain|walnut wood veneer panels|木饰面,新中式,意式
veneer-oak-light|浅橡木饰面|Light oak veneer|wood-veneer|#cfae83|wood-grain|light oak wood veneer|木饰面,日式,原木
veneer-ebony|黑檀木饰面|Ebony veneer|wood-veneer|#2e2522|wood-grain|ebony wood veneer, dark stripes|木饰面,深色,轻奢
veneer-cherry|樱桃木饰面|Cherry veneer|wood-veneer|#95533a|wood-grain|cherry wood veneer, reddish warm|木饰面,美式,中古
veneer-bamboo|竹饰面|Bamboo|wood-veneer|#c8b07a|wood-grain|bamboo panels, fine linear grain|木饰面,东方,环保
metal-brushed-brass|拉丝黄铜|Brushed brass|metal|#b08d57|brushed-metal|brushed brass metal|金属,轻奢,黄铜
metal-stainless|拉丝不锈钢|Brushed stainless steel|metal|#b9bcbf|brushed-metal|brushed stainless steel|金属,现代,不锈钢
metal-black-steel|黑钢|Black steel|metal|#2b2b2c|brushed-metal|black powder-coated steel|金属,工业风,黑色
metal-corten|耐候钢|Corten steel|metal|#8b4a2b|concrete|weathered corten steel, rusty patina|金属,景观,锈板
metal-rose-gold|玫瑰金|Rose gold|metal|#c99a86|brushed-metal|rose gold metal trim|金属,港式,玫瑰金
metal-copper|紫铜|Copper|metal|#a8623f|brushed-metal|burnished copper|金属,复古,铜
fabric-linen-natural|亚麻布|Natural linen|fabric|#cdbfa8|fabric-weave|natural linen fabric|布艺,侘寂,亚麻
fabric-boucle|羊羔绒|Bouclé|fabric|#ece5da|carpet|cream boucle fabric, looped texture|布艺,奶油风,毛绒
fabric-velvet-green|墨绿丝绒|Green velvet|fabric|#2f4b3e|fabric-weave|deep green velvet upholstery|布艺,法式,丝绒
fabric-velvet-caramel|焦糖丝绒|Caramel velvet|fabric|#a0643a|fabric-weave|caramel velvet upholstery|布艺,中古,丝绒
fabric-cotton-grey|灰色棉麻|Grey cotton blend|fabric|#9a9792|fabric-weave|grey cotton-linen upholstery|布艺,现代,灰色
fabric-tweed|粗花呢|Tweed|fabric|#7d7367|fabric-weave|woven tweed fabric|布艺,美式,呢料
leather-tan|棕色头层皮|Tan leather|leather|#a0673d|leather|tan full-grain leather|皮革,美式,中古
leather-black|黑色皮革|Black leather|leather|#1e1c1b|leather|black smooth leather|皮革,意式,黑色
leather-cream|奶白皮革|Cream leather|leather|#e7dccb|leather|cream nappa leather|皮革,奶油风,白色
leather-cognac|干邑色皮革|Cognac leather|leather|#8c4a2a|leather|cognac aniline leather|皮革,意式,棕色
glass-clear|超白玻璃|Clear glass|glass|#dbe7ea|glass|ultra-clear low-iron glass|玻璃,现代,通透
glass-fluted|长虹玻璃|Fluted glass|glass|#cfdcdc|glass|fluted reeded glass, vertical ribs|玻璃,中古,长虹
glass-frosted|磨砂玻璃|Frosted glass|glass|#e3e7e6|glass|frosted glass, diffused light|玻璃,卫浴,隐私
glass-tinted-grey|灰玻|Grey tinted glass|glass|#7f8789|glass|grey tinted glass|玻璃,轻奢,灰色
glass-glass-brick|玻璃砖|Glass block|glass|#cfe1e3|tile-grid|glass block wall|玻璃,复古,玻璃砖
tile-white-subway|白色地铁砖|White subway tile|tile|#f2f1ee|brick|white glossy subway tiles|瓷砖,北欧,地铁砖
tile-zellige-green|绿色手工砖|Green zellige|tile|#4f7f6a|tile-grid|green zellige handmade tiles, glossy uneven|瓷砖,法式,手工砖
tile-terracotta|赤陶砖|Terracotta tile|tile|#b5643e|tile-grid|terracotta floor tiles|瓷砖,地中海,陶砖
tile-large-grey|大板灰砖|Large grey porcelain|tile|#a9a7a3|tile-grid|large format grey porcelain slabs|瓷砖,现代,大板
tile-hexagon|六角砖|Hexagon tile|tile|#d8d5cf|tile-grid|small hexagon mosaic tiles|瓷砖,卫浴,马赛克
tile-marble-look|仿大理石瓷砖|Marble-look porcelain|tile|#ebe7e1|marble|marble-look porcelain tiles|瓷砖,轻奢,通体
paint-warm-white|暖白乳胶漆|Warm white paint|paint|#f3eee4|plain|warm white matte paint|涂料,奶油风,白色
paint-sage|鼠尾草绿|Sage green|paint|#a3b09a|plain|sage green matte paint|涂料,法式,绿色
paint-haze-blue|雾霾蓝|Haze blue|paint|#8d9ea9|plain|dusty haze blue paint|涂料,北欧,蓝色
paint-terracotta|陶土色|Terracotta paint|paint|#b9775a|plain|terracotta clay paint|涂料,侘寂,暖色
paint-charcoal|炭灰|Charcoal|paint|#3e4042|plain|charcoal grey paint|涂料,现代,深色
concrete-fair-faced|清水混凝土|Fair-faced concrete|concrete|#9d9a95|concrete|fair-faced concrete with form tie holes|水泥,工业风,极简
concrete-microcement-floor|微水泥地面|Microcement floor|concrete|#bdb8b0|concrete|seamless microcement floor|水泥,侘寂,地面
concrete-polished|抛光水泥|Polished concrete|concrete|#8f8c87|concrete|polished concrete floor, subtle sheen|水泥,工业风,地面
carpet-wool-beige|米色羊毛地毯|Beige wool carpet|carpet|#d3c5ad|carpet|beige wool carpet, soft pile|地毯,卧室,羊毛
carpet-grey-loop|灰色圈绒|Grey loop pile|carpet|#8b8a88|carpet|grey loop pile carpet|地毯,办公,圈绒
carpet-jute|黄麻地毯|Jute rug|carpet|#b8996a|fabric-weave|natural jute rug, chunky weave|地毯,侘寂,天然
`;
