/** The seeded category tree, part two (positions 17–33); format as in ./catalog-taxonomy.ts. */
export const taxonomyPartTwo = `
lens|镜头|Lenses
  lens-wide|广角|Wide angle|wide angle lens, 16mm
  lens-standard|标准|Standard|35mm lens, natural perspective
  lens-tele|长焦|Telephoto|telephoto lens, compressed perspective
  lens-macro|微距|Macro|macro detail shot, shallow depth of field
  lens-tilt-shift|移轴|Tilt-shift|tilt-shift lens, corrected verticals
entourage|配景|Entourage
  ent-people|人物|People|people walking, natural poses
  ent-family|家庭|Family|a family with children
  ent-cars|车辆|Cars|parked cars and traffic
  ent-bikes|自行车|Bicycles|people cycling
  ent-birds|飞鸟|Birds|birds in the sky
  ent-pets|宠物|Pets|a dog and a cat
planning-type|规划类型|Planning
  plan-urban-renewal|城市更新|Urban renewal|urban renewal masterplan, mixed old and new
  plan-industrial-park|产业园区|Industrial park|industrial park masterplan
  plan-tourism-town|文旅小镇|Tourism town|cultural tourism town masterplan
  plan-rural|乡村振兴|Rural revitalisation|rural village revitalisation plan
  plan-campus|校园规划|Campus|campus masterplan
  plan-tod|TOD 综合体|Transit-oriented development|transit-oriented mixed-use development
studio-backdrop|棚拍背景|Studio backdrops
  backdrop-solid|纯色|Solid colour
    backdrop-warm-gray|暖灰|Warm grey|product photography on a seamless warm grey backdrop, soft box lighting
    backdrop-white|纯白|White|product photography on a seamless white backdrop
    backdrop-black|纯黑|Black|product photography on a black backdrop, rim light
  backdrop-scene|场景|Scenes
    backdrop-living-scene|客厅场景|Living room|furniture styled in a bright living room scene
    backdrop-plaster-wall|肌理墙|Plaster wall|against a textured plaster wall, sunlight shadows
    backdrop-plinth|展台|Plinth|on a stone plinth, gallery lighting
outdoor-scene|户外场景|Outdoor scenes
  scene-garden|花园|Garden
    scene-garden-lawn|草坪|Lawn|on a green lawn in a garden, natural daylight
    scene-garden-terrace|庭院露台|Terrace|on a stone garden terrace, planters
  scene-nature|自然|Nature
    scene-beach|海滩|Beach|on a sandy beach by the sea
    scene-forest-camp|林间营地|Forest camp|in a forest clearing, camping
    scene-poolside|泳池边|Poolside|by a resort swimming pool
renovation|旧改类型|Renovation
  reno-full|整体翻新|Full renovation|fully renovated, new finishes throughout
  reno-partial|局部改造|Partial renovation|partial renovation, refreshed surfaces
  reno-aging|适老化改造|Age-friendly|age-friendly renovation, grab bars, level floors
  reno-storage|收纳改造|Storage upgrade|built-in storage renovation
  reno-soft|软装焕新|Soft refresh|soft furnishing refresh, new textiles and decor
exhibition|展陈类型|Exhibitions
  exh-museum|博物馆展陈|Museum exhibition|museum exhibition, display cases, graphic panels
  exh-brand|品牌展厅|Brand showroom|brand showroom, immersive
  exh-booth|展会展台|Trade fair booth|trade fair booth
  exh-pop-up|快闪店|Pop-up store|pop-up store installation
kitchen-layout|厨房布局|Kitchen layouts
  kit-single|一字型|Single wall|single-wall kitchen
  kit-l|L 型|L-shaped|l-shaped kitchen
  kit-u|U 型|U-shaped|u-shaped kitchen
  kit-island|岛台型|Island|kitchen with island
  kit-galley|双一字型|Galley|galley kitchen
ceiling|吊顶|Ceilings
  ceil-flat|平顶|Flat ceiling|flat white ceiling
  ceil-moulding|石膏线|Cornice|ceiling with plaster cornice
  ceil-floating|悬浮吊顶|Floating ceiling|floating ceiling with hidden light
  ceil-beam|木梁|Timber beams|exposed timber beams
  ceil-open|裸顶|Exposed ceiling|exposed concrete ceiling, services
light-fixture|灯具|Light fixtures
  fix-chandelier|吊灯|Chandelier|statement chandelier
  fix-pendant|吊线灯|Pendant|pendant lamps
  fix-track|轨道灯|Track lights|magnetic track lights
  fix-downlight|筒灯|Downlights|recessed downlights
  fix-wall|壁灯|Wall lights|wall sconces
door-window|门窗|Doors and windows
  dw-floor-window|落地窗|Floor-to-ceiling window|floor-to-ceiling windows
  dw-bay|飘窗|Bay window|bay window seat
  dw-arch|拱门|Arched doorway|arched doorway
  dw-slim-slider|极窄边框移门|Slim sliding door|slim-frame glass sliding door
  dw-hidden|隐形门|Hidden door|flush hidden door
stair|楼梯|Stairs
  stair-straight|直梯|Straight stair|straight staircase
  stair-spiral|旋转楼梯|Spiral stair|spiral staircase
  stair-floating|悬浮楼梯|Floating stair|floating cantilevered stair
  stair-steel|钢结构楼梯|Steel stair|steel and timber staircase
bathroom|卫浴|Bathrooms
  bath-wet-dry|干湿分离|Wet and dry zones|bathroom with separate wet and dry zones
  bath-tub|浴缸|Bathtub|freestanding bathtub
  bath-double-vanity|双台盆|Double vanity|double vanity basin
  bath-walk-in|步入式淋浴|Walk-in shower|walk-in shower, frameless glass
storage|收纳|Storage
  sto-wall-cabinet|整墙柜|Full-height cabinets|full-height built-in cabinets
  sto-open-shelf|开放格架|Open shelving|open shelving
  sto-tatami|榻榻米|Tatami platform|tatami platform with storage
  sto-niche|壁龛|Niche|wall niche with lighting
courtyard-feature|庭院功能|Garden features
  cf-pool|泳池|Pool|garden swimming pool
  cf-bbq|烧烤区|Barbecue|outdoor barbecue and dining area
  cf-vegetable|菜园|Kitchen garden|raised vegetable beds
  cf-firepit|火盆|Fire pit|fire pit lounge
  cf-tea-pavilion|茶亭|Tea pavilion|garden tea pavilion
roof-form|屋顶形式|Roof forms
  roof-flat|平屋顶|Flat roof|flat roof
  roof-pitched|坡屋顶|Pitched roof|pitched roof
  roof-curved|曲面屋顶|Curved roof|curved sweeping roof
  roof-green|种植屋面|Green roof|planted green roof
  roof-sawtooth|锯齿屋顶|Sawtooth roof|sawtooth roof with skylights
landscape-style|景观风格|Landscape styles
  land-family-eastern|东方|Eastern
    land-new-chinese|新中式园林|New Chinese garden|new chinese landscape, pavilions, rockery, ink-wash calm, pine
    land-japanese|日式枯山水|Japanese dry garden|japanese zen garden, raked gravel, moss, maple, stepping stones
    land-jiangnan|江南园林|Jiangnan garden|classical jiangnan garden, winding corridors, pond, taihu rocks
  land-family-western|西方|Western
    land-french|法式规则式|French formal|french formal garden, parterres, symmetrical axes, clipped hedges
    land-english|英式自然式|English landscape|english landscape garden, rolling lawns, natural groves
    land-mediterranean|地中海|Mediterranean|mediterranean garden, olive trees, lavender, terracotta
  land-family-modern|现代|Modern
    land-modern-minimal|现代简约|Modern minimalist|modern minimalist landscape, clean paving, geometric planting, water mirror
    land-resort|热带度假|Tropical resort|tropical resort landscape, palms, infinity pool, lush
    land-wild|自然野趣|Naturalistic|naturalistic planting, meadow grasses, wild and soft
    land-eco|生态雨水花园|Rain garden|ecological rain garden, bioswales, native plants
`;
